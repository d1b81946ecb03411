// JSON.parse's reviver: called for every member and element after its children, the root last
// with key ""; what it returns replaces the value, undefined deletes it (a hole in an array).
const text = '{"date":"2024-01-02","count":"5","items":[1,2,3],"skip":true,"nested":{"skip":1,"keep":2,"7":"seven"}}';
const calls = [];
const value = JSON.parse(text, (key, val) => {
  calls.push(key);
  if (key === 'skip') return undefined;
  if (key === 'count') return Number(val);
  if (Array.isArray(val)) return val.length;
  return val;
});
console.log(JSON.stringify(value));
console.log(calls.join(','));
console.log(JSON.stringify(JSON.parse('[1,[2,3],{"0":4}]', (k, v) => (k === '0' ? undefined : v))));
console.log(JSON.stringify(JSON.parse('{"a":{"b":1}}', (k, v) => (k === '' ? v.a : v))));
