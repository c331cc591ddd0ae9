// Setup file of every test project (tooling/vitest.ts): gives fast-check the seed the config chose,
// if it chose one. Runs in Node and in the browser suites alike (`inject` crosses to both).
import fc from 'fast-check';
import { inject } from 'vitest';

const seed = inject('fastCheckSeed');
if (seed !== null) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
