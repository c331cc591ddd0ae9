import type { Codec } from './codec';
import { utf16 } from './unicode';

/** The utf-16le codec. */
export const codec: Codec = /* @__PURE__ */ utf16('utf-16le', false);
