/** What scheme-based normalization knows of a scheme. */
export interface SchemeInfo {
  /** The default port's digit string; an explicit port equal to it is dropped. */
  readonly port?: string;
  /** Whether an empty path with an authority means `/` (as for http, §6.2.3). */
  readonly emptyPathIsRoot?: boolean;
}

/** A registry of schemes, keyed by lower-case scheme name. */
export type SchemeRegistry = Readonly<Record<string, SchemeInfo>>;

/**
 * The schemes {@link normalize} knows by default
 * ({@link https://www.rfc-editor.org/rfc/rfc3986#section-6.2.3 | RFC 3986 §6.2.3}): default ports from
 * each scheme's RFC and the IANA port registry. Extend it by spreading it into your own registry.
 *
 * @example
 * ```ts
 * normalize('myproto://h:7000/', { schemes: { ...defaultSchemes, myproto: { port: '7000' } } });
 * // 'myproto://h/'
 * ```
 */
export const defaultSchemes: SchemeRegistry = {
  http: { port: '80', emptyPathIsRoot: true },
  https: { port: '443', emptyPathIsRoot: true },
  ws: { port: '80', emptyPathIsRoot: true },
  wss: { port: '443', emptyPathIsRoot: true },
  ftp: { port: '21' },
  gopher: { port: '70' },
  telnet: { port: '23' },
  nntp: { port: '119' },
  news: { port: '119' },
  ldap: { port: '389' },
  ldaps: { port: '636' },
  imap: { port: '143' },
  pop: { port: '110' },
  rtsp: { port: '554' },
  sip: { port: '5060' },
  sips: { port: '5061' },
  ssh: { port: '22' },
  irc: { port: '194' },
  prospero: { port: '1525' },
  wais: { port: '210' },
};

/**
 * Looks a scheme up in a registry, case-insensitively and only among the registry's own keys
 * (so `constructor` or `__proto__` never reach `Object.prototype`).
 *
 * @param registry - the registry
 * @param scheme - a scheme name in any case
 * @returns the scheme's information, or undefined
 * @throws never
 * @example
 * ```ts
 * schemeInfo(defaultSchemes, 'HTTPS')?.port; // '443'
 * ```
 */
export function schemeInfo(registry: SchemeRegistry, scheme: string): SchemeInfo | undefined {
  const key = scheme.toLowerCase();
  // biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn is ES2022; the library targets ES2020
  return Object.prototype.hasOwnProperty.call(registry, key) ? registry[key] : undefined;
}
