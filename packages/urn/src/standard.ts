import { ietfNamespace } from './ietf';
import { isbnNamespace } from './isbn';
import { issnNamespace } from './issn';
import { nbnNamespace } from './nbn';
import { oidNamespace } from './oid';
import type { UrnNamespace } from './types';
import { uuidNamespace } from './uuid';

/**
 * The namespace rules this package ships, for `options.namespaces`: `isbn` (RFC 3187), `issn`
 * (RFC 3044/8254), `uuid` (RFC 9562), `oid` (RFC 3061), `ietf` (RFC 2648) and `nbn` (RFC 8458).
 *
 * {@link https://www.rfc-editor.org/rfc/rfc8141#section-5 | RFC 8141 §5}
 *
 * @example
 * ```ts
 * urnEquals('urn:isbn:0-306-40615-2', 'URN:ISBN:978-0-306-40615-7', { namespaces: standardNamespaces }); // true
 * ```
 */
export const standardNamespaces: readonly UrnNamespace[] = [
  isbnNamespace,
  issnNamespace,
  uuidNamespace,
  oidNamespace,
  ietfNamespace,
  nbnNamespace,
];
