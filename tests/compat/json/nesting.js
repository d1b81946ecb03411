// Nesting and indentation: JSON.stringify's space as a number (clamped to 10, none below 1)
// or a string (its first 10 characters), empty containers, and a round trip.
const value = { name: 'nested', list: [1, [2, [3, []]], {}, { deep: { deeper: { deepest: null } } }], empty: {}, flags: [true, false], 10: 'ten', 2: 'two' };
console.log(JSON.stringify(value));
for (const space of [2, 4, 10, 11, 0, -1, 1.9, '\t', '--', 'abcdefghijklmnop', '']) {
  console.log(JSON.stringify(value, null, space));
}
const round = JSON.parse(JSON.stringify(value, null, 3));
console.log(JSON.stringify(round) === JSON.stringify(value));
console.log(round.list[3].deep.deeper.deepest, round.list.length, round['10']);
