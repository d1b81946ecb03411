// Strings: JSON.stringify's escapes (the short ones, \u00XX for other controls, lone
// surrogates as \udXXX, everything else as it is) and JSON.parse's escapes and surrogate pairs.
const strings = ['plain', 'quote " backslash \\ slash /', 'controls \b\f\n\r\t \u0001 \u001f \u007f', 'unicode é 中 😀 \u2028\u2029', '', 'a'.repeat(40), 'ünïcödé that is longer than fourteen bytes'];
for (const s of strings) {
  console.log(JSON.stringify(s));
}
const texts = ['"\\ud800"', '"\\udfff\\ud83d"', '"\\ud83d\\ude00"', '"\\ud83d\\u0041"', '"\\u00e9\\u4e2d"', '"\\/\\b\\f\\n\\r\\t"', '"\\u0041\\u0062"', '{"\\u0031":1,"0":2,"b":3,"\\u0061":4}', '["\\"quoted\\"", "tab\\there"]'];
for (const t of texts) {
  console.log(t, '->', JSON.stringify(JSON.parse(t)));
}
console.log(JSON.stringify({ 'key "with" quotes': 1, 'new\nline': 2, 'é': 3 }));
