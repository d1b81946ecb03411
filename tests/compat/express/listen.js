// app.listen as Express 5 has it: the callback is once() and also the server's 'error' listener,
// so a port in use reaches it as its argument (and is not thrown); a callback that ignores its
// argument runs all the same; listen takes an options object; the server it returns serves the
// app.
const path = require('path');
const express = require(path.join(__dirname, '../../express/node_modules/express'));
const http = require('http');
const net = require('net');

const app = express();
app.get('/', (req, res) => res.send('hello from the app'));

const blocker = net.createServer();
blocker.listen(0, '127.0.0.1', () => {
  const port = blocker.address().port;
  const busy = app.listen(port, '127.0.0.1', (err) => {
    console.log(`with error: ${err.code} ${err.message.replace(String(port), 'PORT')}`);
    console.log(`listening ${busy.listening}`);
    const ignoring = app.listen(port, '127.0.0.1', () => {
      console.log('callback of no arguments runs on the error too');
      const server = app.listen({ port: 0, host: '127.0.0.1' }, (e) => {
        console.log(`options: error ${e === undefined ? 'none' : e.code}, listening ${server.listening}`);
        http.get({ port: server.address().port, host: '127.0.0.1', path: '/' }, (res) => {
          let body = '';
          res.on('data', (chunk) => { body += chunk; });
          res.on('end', () => {
            console.log(`GET / ${res.statusCode} ${body}`);
            server.close(() => console.log('server closed'));
            blocker.close(() => console.log('blocker closed'));
          });
        });
      });
    });
    console.log(`second listening ${ignoring.listening}`);
  });
});
