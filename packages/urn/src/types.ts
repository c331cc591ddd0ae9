/**
 * The parts of a URN, as {@link parseUrn} returns them and {@link formatUrn} takes them.
 * Absent is not empty: `fComponent: undefined` (no `#`) differs from `fComponent: ''` (a bare `#`).
 *
 * {@link https://www.rfc-editor.org/rfc/rfc8141#section-2 | RFC 8141 §2}
 */
export interface Urn {
  /** Namespace identifier, as written (compare it case-insensitively). */
  nid: string;
  /** Namespace-specific string, as written (percent-escapes left alone). */
  nss: string;
  /** r-component, the text after `?+` (RFC 8141 §2.3.1). */
  rComponent?: string;
  /** q-component, the text after `?=` (RFC 8141 §2.3.2). */
  qComponent?: string;
  /** f-component, the text after `#` (RFC 8141 §2.3.3); may be empty. */
  fComponent?: string;
}

/**
 * Which grammar to read a URN with: `'rfc8141'` (the default, the current standard) or
 * `'rfc2141'` (the obsolete 1997 grammar: one-character NIDs, no r/q/f components, and `/`, `?`,
 * `#` allowed anywhere in the NSS, `%00` refused by its §2.4).
 */
export type UrnSyntax = 'rfc8141' | 'rfc2141';

/**
 * A namespace's own rules (RFC 8141 §5: each namespace defines its syntax and its lexical
 * equivalence). The modules `@x/urn/isbn`, `/issn`, `/uuid`, `/oid`, `/ietf` and `/nbn` each
 * export one.
 */
export interface UrnNamespace {
  /** The NID, in lower case. */
  readonly nid: string;
  /**
   * Checks an NSS against the namespace's syntax.
   * @param nss - the namespace-specific string, percent-escapes normalized to upper case
   * @returns why the NSS is not valid in this namespace, or `undefined` when it is
   */
  check(nss: string): string | undefined;
  /**
   * The namespace's lexical equivalence: maps an NSS to its canonical form, so that two NSSs are
   * equivalent exactly when their canonical forms are equal. An NSS the namespace does not accept
   * is returned unchanged.
   * @param nss - the namespace-specific string, percent-escapes normalized to upper case
   * @returns the canonical NSS
   */
  normalize(nss: string): string;
}

/** Options for {@link parseUrn}, {@link isUrn}, {@link normalizeUrn} and {@link urnEquals}. */
export interface UrnOptions {
  /** The grammar to read with; `'rfc8141'` by default. */
  syntax?: UrnSyntax;
  /**
   * Namespace rules to apply on top of RFC 8141 §3 equivalence (normalize and compare only),
   * for instance `[isbnNamespace]` from `@x/urn/isbn`. None by default.
   */
  namespaces?: readonly UrnNamespace[];
}
