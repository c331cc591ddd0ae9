import { UrnSyntaxError } from './errors';
import { FORMAL, INFORMAL } from './generated/namespaces';

/**
 * Where a NID stands in the IANA registry: `'formal'` (RFC 8141 §5.1), `'informal'` (`urn-<n>`,
 * RFC 8141 §5.2), `'example'` (the NID RFC 6963 reserves for documentation, itself formal) or
 * `'unregistered'`.
 */
export type NamespaceKind = 'formal' | 'informal' | 'example' | 'unregistered';

/** What {@link namespaceOf} tells about a NID. */
export interface NamespaceInfo {
  /** The NID, in lower case. */
  nid: string;
  /** Its standing in the registry. */
  kind: NamespaceKind;
  /** The registry's references for it (RFCs, or the registrant); empty when unregistered. */
  references: readonly string[];
}

// Object.hasOwn is ES2022; own properties only, so that "constructor" is not a namespace
const own = Object.prototype.hasOwnProperty;
const has = (table: Readonly<Record<string, readonly string[]>>, key: string): boolean =>
  own.call(table, key);

/**
 * Looks a namespace up in the IANA URN Namespaces registry (a 2021 snapshot, generated from
 * `data/`): formal, informal, example or unregistered.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc8141#section-5 | RFC 8141 §5},
 * {@link https://www.rfc-editor.org/rfc/rfc6963 | RFC 6963}
 *
 * @param urnOrNid - a URN (anything that starts with `urn:`; only the NID is read, so legacy
 *   URNs work too) or a bare NID
 * @returns the NID in lower case, its kind and its references
 * @throws {@link UrnSyntaxError} when the NID is not 1 to 32 letters, digits and hyphens
 *   starting with a letter or digit
 * @example
 * ```ts
 * namespaceOf('urn:ISBN:0-486-27557-4'); // { nid: 'isbn', kind: 'formal', references: ['International ISBN Agency'] }
 * namespaceOf('urn-1').kind; // 'informal'
 * namespaceOf('urn:example:a').kind; // 'example'
 * namespaceOf('urn:inet:cnri.dlib/august98').kind; // 'unregistered'
 * ```
 */
export function namespaceOf(urnOrNid: string): NamespaceInfo {
  const prefixed = urnOrNid.slice(0, 4).toLowerCase() === 'urn:';
  const start = prefixed ? 4 : 0;
  let end = prefixed ? urnOrNid.indexOf(':', 4) : urnOrNid.length;
  if (end < 0) end = urnOrNid.length;
  const nid = urnOrNid.slice(start, end).toLowerCase();
  for (let i = 0; i < nid.length || i === 0; i++) {
    const c = nid.charCodeAt(i);
    const ok = (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (i > 0 && c === 45);
    if (!ok || i >= 32) throw new UrnSyntaxError('invalid NID', start + i, urnOrNid);
  }
  if (nid === 'example') return { nid, kind: 'example', references: FORMAL[nid]! };
  if (has(FORMAL, nid)) return { nid, kind: 'formal', references: FORMAL[nid]! };
  if (has(INFORMAL, nid)) return { nid, kind: 'informal', references: INFORMAL[nid]! };
  return { nid, kind: 'unregistered', references: [] };
}
