// req.setEncoding(enc): 'data' carries strings decoded as StringDecoder decodes them. The client
// sends each body in two writes 30 ms apart, cut inside a character (utf8), inside a base64
// group and inside a byte pair (hex of course decodes per byte); an incomplete UTF-8 sequence
// at the end becomes U+FFFD. setEncoding called after bytes arrived decodes those too.
const http = require('http');
const net = require('net');

const server = http.createServer((req, res) => {
  const enc = req.url.slice(1);
  const chunks = [];
  if (enc !== 'late') {
    req.setEncoding(enc);
    req.on('data', (s) => chunks.push(`${typeof s}:${s}`));
  } else {
    // Bytes held before setEncoding are decoded on their way out.
    setTimeout(() => {
      req.setEncoding('utf8');
      req.on('data', (s) => chunks.push(`${typeof s}:${s}`));
    }, 60);
  }
  req.on('end', () => {
    console.log(`${req.url} ${req.readableEncoding}: ${JSON.stringify(chunks)}`);
    res.end();
  });
});

function post(path, first, second) {
  return new Promise((resolve) => {
    const client = net.connect(server.address().port, '127.0.0.1');
    const length = first.length + second.length;
    client.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${length}\r\n\r\n`);
    client.write(first);
    setTimeout(() => client.write(second), 30);
    client.resume();
    client.on('close', resolve);
  });
}

const euro = Buffer.from('a€b');  // 61 e2 82 ac 62
server.listen(0, '127.0.0.1', async () => {
  await post('/utf8', euro.subarray(0, 2), euro.subarray(2));
  await post('/utf8', euro.subarray(0, 1), euro.subarray(1, 3));  // ends inside the €
  await post('/hex', Buffer.from([0xde, 0xad]), Buffer.from([0xbe, 0xef]));
  await post('/base64', Buffer.from('hello'), Buffer.from(' world'));
  await post('/latin1', Buffer.from([0x63, 0x61, 0x66]), Buffer.from([0xe9]));
  await post('/late', euro.subarray(0, 2), euro.subarray(2));
  server.close();
});
