import type { Codec } from './codec';
import { utf7 } from './utf7';

/** The utf-7 codec. */
export const codec: Codec = /* @__PURE__ */ utf7('utf-7', false);
