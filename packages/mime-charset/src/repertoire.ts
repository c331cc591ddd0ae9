// Writing under a narrow IANA name. The family decodes GB2312, EUC-KR, Shift_JIS, EUC-JP,
// ISO-2022-JP and Big5 with the WHATWG codecs of their supersets (GBK, Windows-949, Windows-31J,
// Big5-HKSCS), as mail readers do; but bytes written under the narrow name must be in the narrow
// charset, or a reader that takes the name exactly (Python's codecs, glibc) cannot read them. So an
// encoder in the `iana` or `loose` mode writes, under these names, only the characters of the named
// charset's repertoire; any other is unencodable there, as it would be in ISO-8859-1.
import { codec as usAscii } from '@x/legacy-charsets/us-ascii';
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

/** An EncodeError of the codecs' own class (shared by every build through its brand). */
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

/** The part of a codec an encoder calls. Internal. */
export type Writer = Pick<CharsetCodec, 'name' | 'encode'>;

/**
 * The codec that writes text under a label (`codec`, what the label resolves to): in the `iana`
 * and `loose` modes, for the IANA names GB2312, EUC-KR, Shift_JIS, EUC-JP, ISO-2022-JP and Big5,
 * the superset codec restricted to the named charset's repertoire (a character outside it is
 * unencodable: `fatal` throws the codecs' EncodeError at its index, `replacement` writes `?`,
 * `html` a reference); else the codec. Internal.
 */
export function writerFor(codec: CharsetCodec, label: string, mode: LabelMode | undefined): Writer {
  const name = mode === 'iana' || mode === 'loose' ? resolveAnyLabel(label, mode)!.name : '';
  const inCharset = NARROW[name];
  if (inCharset === undefined) return codec;
  const ok = (text: string, bytes: Uint8Array): boolean =>
    inCharset(bytes) && !(name === 'GB2312' && PRIVATE_USE.test(text));
  return {
    name: codec.name,
    encode(text: string, options?: { mode?: UnencodableMode }): Uint8Array {
      const errors = options?.mode ?? 'fatal';
      try {
        const all = codec.encode(text, { mode: 'fatal' });
        if (ok(text, all)) return all;
      } catch {}
      // Character by character: each one the superset writes outside the charset is unencodable.
      let safe = '';
      let from = 0;
      for (let i = 0; i < text.length; ) {
        const cp = text.codePointAt(i)!;
        const n = cp > 0xffff ? 2 : 1;
        if (cp >= 0x80) {
          const ch = text.slice(i, i + n);
          let bytes: Uint8Array | undefined;
          try {
            bytes = codec.encode(ch, { mode: 'fatal' });
          } catch {
            // The superset cannot either: in fatal mode its own error, at this index.
            if (errors === 'fatal') codec.encode(text.slice(0, i + n), { mode: 'fatal' });
          }
          if (bytes !== undefined && !ok(ch, bytes)) {
            if (errors === 'fatal') throw unencodable(i, cp, name);
            safe += `${text.slice(from, i)}${errors === 'html' ? `&#${cp};` : '?'}`;
            from = i + n;
          }
        }
        i += n;
      }
      return codec.encode(safe + text.slice(from), options);
    },
  };
}
