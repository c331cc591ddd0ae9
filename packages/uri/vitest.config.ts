import { packageTestConfig } from '../../tooling/vitest.ts';

export default packageTestConfig(import.meta.dirname);
