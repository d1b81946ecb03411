// toJSON: JSON.stringify calls it with the key the value is written under ('' for the root,
// the index in an array) and writes what it returns; undefined leaves the member out.
class Money {
  constructor(cents) {
    this.cents = cents;
  }
  toJSON(key) {
    return `${(this.cents / 100).toFixed(2)} (${key})`;
  }
}
const invoice = { total: new Money(1234), lines: [new Money(5), new Money(1229)], note: 'n' };
console.log(JSON.stringify(invoice));
console.log(JSON.stringify(invoice, null, 2));
console.log(JSON.stringify(new Money(250)));
const holder = { when: { toJSON() { return undefined; } }, kept: 1 };
console.log(JSON.stringify(holder));
console.log(JSON.stringify([new Money(1)], (key, val) => (typeof val === 'string' ? val.toUpperCase() : val)));
