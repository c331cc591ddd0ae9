// Writing under a narrow IANA name. The family decodes GB2312, EUC-KR, Shift_JIS, EUC-JP,
// ISO-2022-JP and Big5 with the WHATWG codecs of their supersets (GBK, Windows-949, Windows-31J,
// Big5-HKSCS), as mail readers do; but bytes written under the narrow name must be in the narrow
// charset, or a reader that takes the name exactly (Python's codecs, glibc) cannot read them. So an
// encoder in the `iana` or `loose` mode writes, under these names, only the characters of the named
// charset's repertoire; any other is unencodable there, as it would be in ISO-8859-1.
import { codec as usAscii } from '@x/legacy-charsets/us-ascii';
import type { StreamingEncoder } from '@x/legacy-charsets';
import type { CharsetCodec, UnencodableMode } from './codecs';
import { resolveAnyLabel } from './iana-labels';
import type { LabelMode } from './labels';

/** Whether the bytes a superset codec wrote are all in the narrow charset. */
type InCharset = (b: Uint8Array) => boolean;

/** Each byte sequence of `b` by its lead byte: `two` says whether `lead` (>= 0x80) starts a valid pair with `trail`. */
function pairs(
  single: (c: number) => boolean,
  two: (lead: number, trail: number) => boolean,
): InCharset {
  return (b) => {
    for (let i = 0; i < b.length; i++) {
      const c = b[i]!;
      if (c < 0x80 || single(c)) continue;
      if (!two(c, b[++i]!)) return false;
    }
    return true;
  };
}

const none = (): boolean => false;

// GB 2312 (RFC 1922 §2.2; EUC-CN): rows 1-9 and 16-87, both bytes A1-FE; not GBK's additions in
// rows 2, 6 and 8 (small Roman numerals, vertical forms, six pinyin letters), checked by cell here,
// nor the cells GBK maps to private use (checked on the text).
const gb2312: InCharset = /* @__PURE__ */ pairs(none, (lead, trail) => {
  const cell = (lead << 8) | trail;
  return (
    ((lead >= 0xa1 && lead <= 0xa9) || (lead >= 0xb0 && lead <= 0xf7)) &&
    trail >= 0xa1 &&
    trail <= 0xfe &&
    !(cell >= 0xa2a1 && cell <= 0xa2aa) &&
    !(cell >= 0xa6d9 && cell <= 0xa6fe) &&
    !(cell >= 0xa8bb && cell <= 0xa8c4)
  );
});

// KS X 1001 in EUC-KR (RFC 1557 §1): lead and trail A1-FE; Windows-949's other pairs are not.
const eucKr: InCharset = /* @__PURE__ */ pairs(
  none,
  (lead, trail) => lead >= 0xa1 && trail >= 0xa1 && trail <= 0xfe,
);

// JIS X 0208 (RFC 1468 for ISO-2022-JP): rows 1-84 but for NEC's row 13; not the NEC-selected and
// IBM extensions (rows 89-92, Shift_JIS FA-FC) nor the user-defined rows. In Shift_JIS, row r has
// the lead (r + 1) / 2 + 0x80 (rows 1-62) or + 0xc0; JIS X 0201 katakana are single bytes A1-DF.
const shiftJis: InCharset = /* @__PURE__ */ pairs(
  (c) => c >= 0xa1 && c <= 0xdf,
  (lead) => ((lead >= 0x81 && lead <= 0x9f) || (lead >= 0xe0 && lead <= 0xea)) && lead !== 0x87,
);
// EUC-JP: row r has the lead r + 0xa0; 8E introduces a JIS X 0201 katakana.
const eucJp: InCharset = /* @__PURE__ */ pairs(
  none,
  (lead) => lead === 0x8e || (lead >= 0xa1 && lead <= 0xf4 && lead !== 0xad),
);
// ISO-2022-JP: after ESC $ B (or ESC $ @), row r has the lead r + 0x20.
const iso2022Jp: InCharset = (b) => {
  let double = false;
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    if (c === 0x1b) {
      double = b[i + 1] === 0x24;
      i += 2;
    } else if (double) {
      if (c > 0x74 || c === 0x2d) return false;
      i++;
    }
  }
  return true;
};

// Big5 names no table (its IANA entry cites none): written, it is the core every Big5 reader
// shares (Python's big5, glibc's BIG5, cp950, Big5-HKSCS): symbols A140-A3BF, frequent hanzi
// A440-C67E, less frequent C940-F9D5. Not cp950's euro (A3E1), nor the ETen and HKSCS additions.
const big5: InCharset = /* @__PURE__ */ pairs(none, (lead, trail) => {
  const cell = (lead << 8) | trail;
  return (
    (cell >= 0xa140 && cell <= 0xa3bf) ||
    (cell >= 0xa440 && cell <= 0xc67e) ||
    (cell >= 0xc940 && cell <= 0xf9d5)
  );
});

const NARROW: Record<string, InCharset | undefined> = {
  GB2312: gb2312,
  'EUC-KR': eucKr,
  Shift_JIS: shiftJis,
  'EUC-JP': eucJp,
  'ISO-2022-JP': iso2022Jp,
  Big5: big5,
};

// Private use: GBK writes it in GB 2312's empty cells and user-defined rows.
const PRIVATE_USE = /[\uE000-\uF8FF]/;
// Half-width katakana (U+FF61-U+FF9F, JIS X 0201's katakana): RFC 1468's ISO-2022-JP has no
// JIS X 0201 katakana set (ESC ( I is not among its designations), and the WHATWG encoder writes
// them as their full-width JIS X 0208 forms, bytes inside the charset that read back as other
// characters: so they are checked on the text (Python's iso2022_jp refuses them too).
const HALF_WIDTH_KATAKANA = /[\uFF61-\uFF9F]/;

/**
 * An EncodeError of the codecs' own class (shared by every build through its brand), taken from an
 * error of the small us-ascii codec: importing the class from `@x/legacy-charsets` itself, as
 * src/ucs.ts does for the full entries, would load every codec's tables into the lean entries
 * under Node, where nothing tree-shakes. Called only to throw.
 */
function unencodable(index: number, codePoint: number, charset: string): Error {
  let error: unknown;
  try {
    usAscii.encode('\u0100', { mode: 'fatal' });
  } catch (e) {
    error = e;
  }
  const Class = (error as Error).constructor as new (...args: unknown[]) => Error;
  return new Class(index, codePoint, 'unencodable', charset);
}

/** The part of a codec an encoder calls (`createEncoder` for `CharsetEncoder`'s streams). Internal. */
export type Writer = Pick<CharsetCodec, 'name' | 'encode'> & {
  createEncoder?: ((options?: { mode?: UnencodableMode }) => StreamingEncoder) | undefined;
};

/** The options of an encode call that throws on a character the charset cannot hold. */
export const FATAL = { mode: 'fatal' } as const;

/**
 * The codec that writes text under a label (`codec`, what the label resolves to): in the `iana`
 * and `loose` modes, for the IANA names GB2312, EUC-KR, Shift_JIS, EUC-JP, ISO-2022-JP and Big5,
 * the superset codec restricted to the named charset's repertoire (a character outside it is
 * unencodable (ISO-2022-JP's half-width katakana too, which the superset writes full-width):
 * `fatal` throws the codecs' EncodeError at its index, `replacement` writes `?`,
 * `html` a reference), one-shot and streamed alike; else the codec. Internal.
 */
export function writerFor(codec: Writer, label: string, mode: LabelMode | undefined): Writer {
  const name = mode === 'iana' || mode === 'loose' ? resolveAnyLabel(label, mode)!.name : '';
  const inCharset = NARROW[name];
  if (inCharset === undefined) return codec;
  const ok = (text: string, bytes: Uint8Array): boolean =>
    inCharset(bytes) &&
    !(name === 'GB2312' && PRIVATE_USE.test(text)) &&
    !(name === 'ISO-2022-JP' && HALF_WIDTH_KATAKANA.test(text));
  /** The superset's bytes for `text`, when they are all in the charset. */
  const clean = (text: string): Uint8Array | undefined => {
    try {
      const all = codec.encode(text, FATAL);
      if (ok(text, all)) return all;
    } catch {}
  };
  /**
   * `text` with each character the superset writes outside the charset made unencodable: `fatal`
   * throws at `at + i` (`at`: where `text` starts in the stream), the other modes put `?` or a
   * reference in its place. A character the superset cannot write either is left to it; in `fatal`
   * mode `own(end)` throws the superset's own error for it. Halves the superset writes inside the
   * charset are kept whole, so that the work follows the characters outside it, not the length;
   * each part is checked as a text of its own, which needs no state (ISO-2022-JP's one-shot bytes
   * start and end in ASCII).
   */
  const restrict = (
    text: string,
    errors: UnencodableMode,
    at: number,
    own: (end: number) => unknown,
  ): string => {
    const check = (from: number, to: number): string => {
      const part = text.slice(from, to);
      if (clean(part)) return part;
      if (to - from > 16) {
        // Halves, never between those of a surrogate pair.
        const mid = (from + to) >> 1;
        const cut = mid - +((text.charCodeAt(mid) & 0xfc00) === 0xdc00);
        return check(from, cut) + check(cut, to);
      }
      // Character by character.
      let safe = '';
      for (const ch of part) {
        const cp = ch.codePointAt(0)!;
        // A lone '?' is the superset's own replacement (it writes no character from U+0080 on
        // so), found without the cost of an exception.
        const bytes = codec.encode(ch, { mode: 'replacement' });
        let out = ch;
        if (cp > 0x7f && bytes.length === 1 && bytes[0] === 0x3f) {
          if (errors === 'fatal')
            try {
              own(from + ch.length);
            } catch (e) {
              // the superset's own error (its index and reason), under the name asked for
              const x = e as {
                constructor: new (...args: unknown[]) => Error;
                index: number;
                codePoint: number;
                reason: string;
              };
              throw new x.constructor(x.index, x.codePoint, x.reason, name);
            }
        } else if (!ok(ch, bytes)) {
          if (errors === 'fatal') throw unencodable(at + from, cp, name);
          out = errors === 'html' ? `&#${cp};` : '?';
        }
        safe += out;
        from += ch.length;
      }
      return safe;
    };
    return text && check(0, text.length);
  };
  return {
    name: codec.name,
    encode(text, options) {
      return (
        clean(text) ??
        codec.encode(
          restrict(text, options?.mode ?? 'fatal', 0, (end) =>
            codec.encode(text.slice(0, end), FATAL),
          ),
          options,
        )
      );
    },
    // Streamed: each chunk is checked as a whole text (a high surrogate at its end waits for the
    // next chunk, so that the check sees whole characters), then written by the superset's
    // streaming encoder, which keeps ISO-2022-JP's state across chunks; the output is the one-shot
    // output, an error's index counts from the start of the stream.
    createEncoder:
      codec.createEncoder &&
      ((options) => {
        const inner = codec.createEncoder!(options);
        let at = 0;
        let pending = '';
        return {
          encode(chunk = '', o) {
            let text = pending + chunk;
            const stream = o?.stream === true;
            pending = stream && /[\uD800-\uDBFF]$/.test(text) ? text.slice(-1) : '';
            if (pending) text = text.slice(0, -1);
            const start = at;
            at += text.length;
            const safe = clean(text)
              ? text
              : restrict(text, options?.mode ?? 'fatal', start, (end) =>
                  inner.encode(text.slice(0, end)),
                );
            return inner.encode(safe, { stream });
          },
        };
      }),
  };
}
