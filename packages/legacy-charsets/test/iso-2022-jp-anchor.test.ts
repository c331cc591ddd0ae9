// ISO-2022-JP's html mode against @exodus/bytes, an implementation of the URL standard's
// "percent-encode after encoding" (which runs the encoder in html mode): a file of its own, as it
// needs that anchor, which the browser suites leave out (docs/vitest.browser.config.ts).
import '@exodus/bytes/encoding.js';
import { percentEncodeAfterEncoding } from '@exodus/bytes/whatwg.js';
import { describe, expect, it } from 'vitest';
import { encode } from '../src/index';

describe('ISO-2022-JP escape-sequence injection, against @exodus/bytes', () => {
  it('html mode writes for ESC, SO, SI the bytes of WHATWG\'s "error with U+FFFD" (@exodus/bytes)', () => {
    // The URL standard's percent-encode after encoding runs the encoder in html mode and
    // percent-encodes the reference; here the same is done to our bytes.
    const percent = (bytes: Uint8Array): string =>
      String.fromCharCode(...bytes).replace(
        /[&#;\x00-\x1f\x7f-\xff]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
      );
    for (const c of ['\x1b', '\x0e', '\x0f']) {
      for (const text of [`a${c}$B<漢`, `漢${c}`, `${c}${c}a`]) {
        expect(percent(encode(text, 'iso-2022-jp', { mode: 'html' }))).toBe(
          percentEncodeAfterEncoding('iso-2022-jp', text, ''),
        );
      }
    }
  });
});
