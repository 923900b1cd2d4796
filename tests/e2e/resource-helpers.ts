// The e2e helpers are one module now (tests/e2e/helpers.ts); this path stays for the specs that import it.
export * from './helpers.ts';
