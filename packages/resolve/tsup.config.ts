import { packageConfig } from '../../tooling/tsup.ts';

export default packageConfig(import.meta.dirname);
