// Punycode, RFC 3492 §6 (bootstring with the §5 parameters), over code points.

const BASE = 36;
const TMIN = 1;
const TMAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const MAX_INT = 0x7fffffff;
// The algorithm is quadratic in the label length; DNS labels are at most 63 octets, so anything far
// longer is refused instead of burning CPU on untrusted input.
export const MAX_LENGTH = 1024;

function adapt(delta: number, numPoints: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / numPoints);
  let k = 0;
  while (d > ((BASE - TMIN) * TMAX) >> 1) {
    d = Math.floor(d / (BASE - TMIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - TMIN + 1) * d) / (d + SKEW));
}

function digitChar(d: number): string {
  // 0..25 -> a..z, 26..35 -> 0..9 (§5)
  return String.fromCharCode(d < 26 ? d + 97 : d + 22);
}

function digitValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 22;
  if (c >= 65 && c <= 90) return c - 65;
  if (c >= 97 && c <= 122) return c - 97;
  return BASE;
}

/**
 * Encodes a Unicode string as Punycode ({@link https://www.rfc-editor.org/rfc/rfc3492#section-6.3 | RFC 3492 §6.3}),
 * without the `xn--` prefix.
 *
 * @param input - a label (any Unicode string; lone surrogates are encoded as their code units)
 * @returns the Punycode text: basic code points, a `-` if there were any, then the encoded deltas
 * @throws RangeError when the input is longer than 1024 code units (DNS labels have at most 63 octets)
 * @example
 * ```ts
 * encodePunycode('bücher'); // 'bcher-kva'
 * ```
 */
export function encodePunycode(input: string): string {
  if (input.length > MAX_LENGTH) throw new RangeError('punycode: input too long');
  const cps: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    const d = input.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
      cps.push(0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00));
      i++;
    } else {
      cps.push(c);
    }
  }
  let out = '';
  for (const cp of cps) if (cp < 128) out += String.fromCharCode(cp);
  const basic = out.length;
  let h = basic;
  if (basic > 0) out += '-';
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  while (h < cps.length) {
    let m = MAX_INT;
    for (const cp of cps) if (cp >= n && cp < m) m = cp;
    if ((m - n) * (h + 1) > MAX_INT - delta) throw new RangeError('punycode overflow');
    delta += (m - n) * (h + 1);
    n = m;
    for (const cp of cps) {
      if (cp < n) delta++;
      if (cp === n) {
        let q = delta;
        for (let k = BASE; ; k += BASE) {
          const t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
          if (q < t) break;
          out += digitChar(t + ((q - t) % (BASE - t)));
          q = Math.floor((q - t) / (BASE - t));
        }
        out += digitChar(q);
        bias = adapt(delta, h + 1, h === basic);
        delta = 0;
        h++;
      }
    }
    delta++;
    n++;
  }
  return out;
}

/**
 * Decodes Punycode ({@link https://www.rfc-editor.org/rfc/rfc3492#section-6.2 | RFC 3492 §6.2}), without
 * the `xn--` prefix.
 *
 * @param input - Punycode text
 * @returns the Unicode string
 * @throws RangeError when the input is not valid Punycode (bad digit, overflow, non-basic code point) or
 *   longer than 1024 code units
 * @example
 * ```ts
 * decodePunycode('bcher-kva'); // 'bücher'
 * ```
 */
export function decodePunycode(input: string): string {
  if (input.length > MAX_LENGTH) throw new RangeError('punycode: input too long');
  const out: number[] = [];
  let b = input.lastIndexOf('-');
  if (b < 0) b = 0;
  for (let j = 0; j < b; j++) {
    const c = input.charCodeAt(j);
    if (c >= 128) throw new RangeError('punycode: non-basic code point');
    out.push(c);
  }
  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  for (let pos = b > 0 ? b + 1 : 0; pos < input.length; ) {
    const oldi = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (pos >= input.length) throw new RangeError('punycode: truncated input');
      const digit = digitValue(input.charCodeAt(pos++));
      if (digit >= BASE) throw new RangeError('punycode: invalid digit');
      if (digit > Math.floor((MAX_INT - i) / w)) throw new RangeError('punycode overflow');
      i += digit * w;
      const t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) throw new RangeError('punycode overflow');
      w *= BASE - t;
    }
    const len = out.length + 1;
    bias = adapt(i - oldi, len, oldi === 0);
    if (Math.floor(i / len) > MAX_INT - n) throw new RangeError('punycode overflow');
    n += Math.floor(i / len);
    i %= len;
    if (n > 0x10ffff) throw new RangeError('punycode: code point out of range');
    out.splice(i, 0, n);
    i++;
  }
  let s = '';
  for (const cp of out) s += String.fromCodePoint(cp);
  return s;
}
