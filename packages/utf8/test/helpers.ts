// Shared by the tests: hex parsing, an independent oracle built on the platform codec, and
// generators of well-formed and adversarial byte strings.
import fc from 'fast-check';

/** Parses space-separated hex bytes ('' is no bytes). */
export const hex = (s: string): Uint8Array =>
  new Uint8Array(
    s.trim() === ''
      ? []
      : s
          .trim()
          .split(/\s+/)
          .map((h) => Number.parseInt(h, 16)),
  );

/** Formats bytes as space-separated lowercase hex, as the vector files do. */
export const toHex = (b: Uint8Array): string =>
  Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');

/** `String.prototype.toWellFormed`, which the ES2020 lib lacks: lone surrogates become U+FFFD. */
export const toWellFormed = (s: string): string => {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += s[i]! + s[i + 1]!;
        i++;
        continue;
      }
      out += '\ufffd';
    } else if (c >= 0xdc00 && c <= 0xdfff) out += '\ufffd';
    else out += s[i]!;
  }
  return out;
};

/** The platform's WHATWG UTF-8 decoder, BOM kept: the oracle of the differential tests. */
const platform = new TextDecoder('utf-8', { ignoreBOM: true });
const platformFatal = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });
const platformEncoder = new TextEncoder();
export const platformDecode = (b: Uint8Array): string => platform.decode(b);

/**
 * Where a fatal decode must fail, derived from the platform codec alone: walk the replacement-mode
 * output and find the first code point whose bytes are not its own encoding. `reason` is
 * 'truncated' when the bytes from there on are a valid but unfinished sequence.
 */
export const expectedError = (
  b: Uint8Array,
): { index: number; reason: 'truncated' | 'invalid-byte' } | undefined => {
  try {
    platformFatal.decode(b);
    return undefined;
  } catch {
    // Ill-formed: find where below.
  }
  const text = platformDecode(b);
  let pos = 0;
  for (const ch of text) {
    const e = platformEncoder.encode(ch);
    if (e.length === 0 || !e.every((x, k) => b[pos + k] === x)) {
      let truncated = true;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(pos), { stream: true });
      } catch {
        truncated = false;
      }
      return { index: pos, reason: truncated ? 'truncated' : 'invalid-byte' };
    }
    pos += e.length;
  }
  throw new Error('unreachable: the fatal decoder failed but every code point round-trips');
};

/** Concatenates byte arrays. */
export const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** Splits `b` at the given cut points (sorted, deduplicated, clamped). */
export const chunk = (b: Uint8Array, cuts: number[]): Uint8Array[] => {
  const points = [...new Set(cuts.map((c) => Math.min(c, b.length)))].sort((x, y) => x - y);
  const out: Uint8Array[] = [];
  let at = 0;
  for (const p of points) {
    out.push(b.subarray(at, p));
    at = p;
  }
  out.push(b.subarray(at));
  return out;
};

/** Pieces that exercise every branch of a UTF-8 decoder: each length class, every kind of error. */
const pieces: Uint8Array[] = [
  '41',
  '7f',
  'c2 a9',
  'df bf',
  'e2 89 a0',
  'e0 a0 80',
  'ed 9f bf',
  'ee 80 80',
  'ef bb bf',
  'ef bf bd',
  'f0 9f 98 80',
  'f4 8f bf bf',
  '80',
  'bf',
  'c0 af',
  'c1 bf',
  'e0 80 af',
  'e0 9f bf',
  'ed a0 80',
  'ed bf bf',
  'ed a0 bd ed b8 80',
  'f0 80 80 af',
  'f0 8f bf bf',
  'f4 90 80 80',
  'f5 80 80 80',
  'f8 88 80 80 80',
  'fc 84 80 80 80 80',
  'fe',
  'ff',
  'c2',
  'e2 82',
  'f0 9f 98',
  'f0 9f',
  'e2',
  'f0',
  'f4',
  'ed',
].map(hex);

/** Random bytes, at most `maxLength`: 30% uniform noise, 70% built from the pieces above. */
export const adversarialBytes = (maxLength = 40): fc.Arbitrary<Uint8Array> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.uint8Array({ maxLength }) },
    {
      weight: 7,
      arbitrary: fc
        .array(fc.constantFrom(...pieces), { maxLength: Math.ceil(maxLength / 3) })
        .map((ps) => concat(...ps).subarray(0, maxLength)),
    },
  );
