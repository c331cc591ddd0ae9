// How a mail reader reads a charset label. Senders label windows-1252 text as ISO-8859-1, GBK as
// GB2312 and Microsoft's Korean code page as KS_C_5601-1987; readers (Thunderbird decodes mail with
// the WHATWG labels) show what was meant. Decoding therefore reads a label the WHATWG way when that
// names a superset of the IANA charset, and the IANA way otherwise; encoding keeps the IANA names.
import { codecByName } from './codecs';
import type { LabelMode, ResolvedLabel } from './labels';
import { resolveAnyLabel } from './iana-labels';

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
  const web = resolveAnyLabel(label, 'whatwg');
  const iana = resolveAnyLabel(label, 'iana');
  if (web === undefined || web.codec === 'replacement' || web.codec.startsWith('utf-16'))
    return iana;
  if (iana !== undefined && codecByName(web.codec) === undefined && codecByName(iana.codec))
    return iana;
  return web;
}
