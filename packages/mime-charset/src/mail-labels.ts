// How a mail reader reads a charset label. Senders label windows-1252 text as ISO-8859-1, GBK as
// GB2312 and Microsoft's Korean code page as KS_C_5601-1987; readers (Thunderbird decodes mail with
// the WHATWG labels) show what was meant. Decoding therefore reads a label the WHATWG way when that
// names a superset of the IANA charset, and the IANA way otherwise; encoding keeps the IANA names.
import { type CharsetCodec, codecByName, markReading } from './codecs';
import type { LabelMode, ResolvedLabel } from './labels';
import { resolveAnyLabel, resolveSpelling } from './iana-labels';

/**
 * How a decoder reads the charset labels of a message: `mail` (the default of the mail decoders:
 * what mail readers do, see {@link decodeEncodedWords}) or any {@link LabelMode} (`iana` is the
 * registry reading, exactly as written).
 */
export type MailLabelMode = LabelMode | 'mail';

/**
 * The WHATWG reading of a label, when it decodes a superset of what the IANA reading decodes; else
 * the IANA reading. Not taken from WHATWG: `replacement` (ISO-2022-KR, HZ… are real charsets in
 * mail) and UTF-16 (little-endian on the web, big-endian without a BOM in mail, RFC 2781 §4.3).
 * Where the superset's codec is not loaded (lean entry) and the IANA charset's is (US-ASCII), the
 * IANA reading. Internal.
 */
export function resolveMailLabel(label: string, mode: MailLabelMode): ResolvedLabel | undefined {
  if (mode !== 'mail') return resolveAnyLabel(label, mode);
  let web = resolveAnyLabel(label, 'whatwg');
  let iana = resolveAnyLabel(label, 'iana');
  // A label neither knows, spelling an IANA name otherwise (`latin-1`, `ansi-x3.4-1968`, as mutt
  // writes it) or one of Python's Mac names (`mac-iceland`), reads as that name does.
  if (iana === undefined && (iana = resolveSpelling(label)))
    web = resolveAnyLabel(iana.name, 'whatwg');
  if (web === undefined || web.codec === 'replacement' || web.codec.startsWith('utf-16'))
    return iana;
  if (iana !== undefined && codecByName(web.codec) === undefined && codecByName(iana.codec))
    return iana;
  return web;
}

/** The part of a codec the mail decoders call. Internal. */
export type MailDecoder = Pick<CharsetCodec, 'decode'>;

/**
 * The decoder of a resolved label for mail text: its codec, but for the IANA charsets `UTF-16` and
 * `UTF-32`, whose text may start with a byte order mark that sets its order, a decoder that reads
 * the mark: RFC 2781 §4.3 ("If the first two octets of the text is 0xFF followed by 0xFE, then the
 * text can be interpreted as being little-endian"; big-endian without a mark), and the UTF-32
 * encoding scheme likewise (Unicode §3.10, D99). The big-endian codec drops a big-endian mark
 * itself. `undefined` when the codec is not loaded; where the little-endian one is not (lean
 * entry), big-endian whatever the mark. Internal.
 */
export function mailDecoder(resolved: ResolvedLabel | undefined): MailDecoder | undefined {
  const codec = resolved && codecByName(resolved.codec);
  return codec && markReading(resolved, codec);
}

/**
 * Why a label has no decoder: no registry knows it, the family has no codec for the charset (as
 * CharsetError's `not-implemented`), or its codec is not loaded (lean entry). Internal.
 */
export function missingReason(
  resolved: ResolvedLabel | undefined,
): 'unknown-charset' | 'not-implemented' | 'codec-not-loaded' {
  return resolved === undefined
    ? 'unknown-charset'
    : resolved.codec === ''
      ? 'not-implemented'
      : 'codec-not-loaded';
}
