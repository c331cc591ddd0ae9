// ISO 10646 UCS-2 and UCS-4 (IANA ISO-10646-UCS-2, ISO-10646-UCS-4), big-endian, as thin wrappers over
// the @x/legacy-charsets UTF-16BE and UTF-32BE codecs. UCS-2 is the Basic Multilingual Plane only
// (ISO/IEC 10646 §14, "UCS-2": one 16-bit unit per character, no surrogate pairs), so a surrogate
// code unit is an error and a character beyond U+FFFF cannot be encoded. UCS-4 within Unicode's
// range is UTF-32 (Unicode §3.10 D99). Neither drops a byte order mark: decodeDocument does that.
import { DecodeError, EncodeError } from '@x/legacy-charsets';
import type { CharsetCodec } from './codecs';

/** The UCS-2 codec over a UTF-16BE codec. */
export function ucs2(utf16be: CharsetCodec): CharsetCodec {
  return {
    name: 'ucs-2',
    decode(bytes, options) {
      let input = bytes;
      for (let i = 0; i + 1 < bytes.length; i += 2) {
        const lead = bytes[i]!;
        if (lead < 0xd8 || lead > 0xdf) continue;
        if (options?.fatal) throw new DecodeError(i, 'surrogate code unit (not in UCS-2)');
        // Each surrogate code unit reads as U+FFFD, on a copy: the caller's bytes stay as they are.
        if (input === bytes) input = bytes.slice();
        input[i] = 0xff;
        input[i + 1] = 0xfd;
      }
      return utf16be.decode(input, { fatal: options?.fatal === true, ignoreBOM: true } as {
        fatal?: boolean;
      });
    },
    encode(text, options) {
      const mode = options?.mode ?? 'fatal';
      let bmp = '';
      let from = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        const next = text.charCodeAt(i + 1);
        if (c < 0xd800 || c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) continue;
        const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        if (mode === 'fatal') throw new EncodeError(i, cp, 'beyond U+FFFF (not in UCS-2)');
        bmp += text.slice(from, i) + (mode === 'html' ? `&#${cp};` : '?');
        from = i + 2;
        i++;
      }
      // Lone surrogates are left to the UTF-16BE encoder's own error handling.
      return utf16be.encode(from === 0 ? text : bmp + text.slice(from), options);
    },
  };
}

/** The UCS-4 codec over a UTF-32BE codec. */
export function ucs4(utf32be: CharsetCodec): CharsetCodec {
  return {
    name: 'ucs-4',
    decode: (bytes, options) =>
      utf32be.decode(bytes, { fatal: options?.fatal === true, ignoreBOM: true } as {
        fatal?: boolean;
      }),
    encode: (text, options) => utf32be.encode(text, options),
  };
}
