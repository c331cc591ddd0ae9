import type { Codec } from './codec';
import { utf32 } from './unicode';

/** The utf-32le codec. */
export const codec: Codec = /* @__PURE__ */ utf32('utf-32le', false);
