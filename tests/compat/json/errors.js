// JSON.parse's SyntaxError messages, as V8 words them in Node 20: the fixed templates with a
// position (in UTF-16 code units), and "Unexpected token" with the text around it.
const inputs = ['', ' ', '{', '}', '[1,]', '{"a":1,}', '{"a" 1}', '{"a":1,"b" 2}', '{"a":1,"b"}', '[1 2]', '"abc', '"\\x"', '"\\u12"', '"\\u12g4"', '"\\', 'nul', 'tru', 'nulL', '-', '-a', '01', '-01', '1.', '1e', '1e+', 'NaN', 'undefined', 'Infinity', '[object Object]', '{"a":1}x', '[1]]', '\u00a0', '"\u0001"', '"a\nb"', '😀', '"é😀" x', '[1,"' + 'x'.repeat(30) + '" y]', '{"' + 'k'.repeat(40) + '": z}', "{'a':1}", '"\\é"', '"\\中"'];
for (const input of inputs) {
  try {
    JSON.parse(input);
    console.log('ok');
  } catch (e) {
    console.log(`${e.name}: ${e.message}`);
  }
}
