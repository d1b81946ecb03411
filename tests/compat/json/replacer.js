// JSON.stringify's replacer: a function (called for the root with key "", then for every
// member and element, before its children; undefined leaves a member out) or a list of keys.
const value = { id: 7, name: 'x', password: 'secret', nested: { id: 8, password: 'also', list: [1, 'two', 3] } };
console.log(JSON.stringify(value, (key, val) => (key === 'password' ? undefined : val)));
console.log(JSON.stringify(value, (key, val) => (typeof val === 'number' ? val * 2 : val)));
console.log(JSON.stringify(value, (key, val) => (key === '1' ? undefined : val)));
console.log(JSON.stringify(value, ['id', 'nested', 'list']));
console.log(JSON.stringify(value, ['name', 'id', 'name'], 2));
const seen = [];
JSON.stringify(value, (key, val) => {
  seen.push(key);
  return val;
});
console.log(seen.join(','));
console.log(JSON.stringify(value, () => undefined));
console.log(JSON.stringify(value, (key, val) => (key === '' ? [val.id, val.name] : val)));
