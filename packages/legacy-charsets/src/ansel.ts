import type { Codec } from './codec';
import { marc } from './marc';

/** The ansel codec (ANSI/NISO Z39.47: ASCII in G0, Extended Latin in G1, no escapes). */
export const codec: Codec = /* @__PURE__ */ marc('ansel', false);
