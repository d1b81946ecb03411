// console's printing methods: which stream each writes to (stderr is merged into stdout by the
// test, as 2>&1), util.format semantics, and one line per call.
console.log('log %s %d', 'req', 42, { extra: true });
console.info('info', [1, 2]);
console.debug('debug');
console.warn('warn %o', 'x');
console.error('error', new Map([['k', 'v']]));
console.dirxml('dirxml', 1);
console.log();
console.log('');
console.log('multi\nline', 'value');
console.error('%s|%j', 'a', { b: 1 });
console.dir({ a: { b: { c: { d: 1 } } } });
console.dir({ a: { b: { c: { d: 1 } } } }, { depth: 0 });
console.dir('string', { colors: false });
console.log('%c styled %c', 'color: red', 'font-weight: bold');
console.log(null, undefined, true, 1.5, -0, 10n);
console.log([['nested', ['arrays']]], { deep: { er: { still: { hidden: 1 } } } });
