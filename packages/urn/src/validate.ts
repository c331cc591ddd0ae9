import { type NamespaceInfo, namespaceOf } from './namespace';
import { upperEscapes } from './normalize';
import { scan } from './parse';
import { standardNamespaces } from './standard';
import type { Urn, UrnNamespace } from './types';

/**
 * What kind of problem {@link validateUrn} found: `'syntax'` (not a URN at all), `'legacy-syntax'`
 * (not RFC 8141, but RFC 2141), `'unregistered'` (the NID is not in the IANA registry) or
 * `'namespace'` (the NSS breaks its namespace's rules, e.g. an ISBN check digit).
 */
export type UrnProblemCode = 'syntax' | 'legacy-syntax' | 'unregistered' | 'namespace';

/** One problem {@link validateUrn} found, and why. */
export interface UrnProblem {
  /** The kind of problem. */
  code: UrnProblemCode;
  /** Why, in words. */
  reason: string;
  /** Where in the input, for syntax problems. */
  index?: number;
}

/** The result of {@link validateUrn}. */
export interface UrnValidation {
  /** Whether the input is acceptable in the mode asked for. */
  valid: boolean;
  /** The parts, when the input could be read at all (with RFC 2141's grammar for legacy input). */
  urn: Urn | undefined;
  /** The registry's entry for the NID, when the input could be read. */
  namespace: NamespaceInfo | undefined;
  /** Every problem found; empty for a valid RFC 8141 URN in a registered namespace. */
  problems: UrnProblem[];
}

/** Options for {@link validateUrn}. */
export interface ValidateUrnOptions {
  /**
   * Accept legacy URNs: RFC 2141 syntax and unregistered NIDs (still listed in `problems`).
   * `false` by default.
   */
  lenient?: boolean;
  /** The namespace rules to check the NSS with; {@link standardNamespaces} by default. */
  namespaces?: readonly UrnNamespace[];
}

/**
 * Validates a URN as a whole: RFC 8141 syntax, a NID in the IANA registry, and the namespace's
 * own rules. Strict by default; `lenient: true` also accepts the URNs of the RFC 2141 era (an NSS
 * starting with `/`, a one-letter NID, an unregistered NID) and says why each is not strict.
 * Never throws: problems are returned.
 *
 * {@link https://www.rfc-editor.org/rfc/rfc8141#section-2 | RFC 8141 §2},
 * {@link https://www.rfc-editor.org/rfc/rfc8141#section-5 | §5},
 * {@link https://www.rfc-editor.org/rfc/rfc2141#section-2 | RFC 2141 §2}
 *
 * @param input - the string to validate
 * @param options - `lenient` for legacy URNs; `namespaces` to replace the namespace rules
 * @returns whether it is valid, its parts and registry entry, and every problem found
 * @throws never
 * @example
 * ```ts
 * validateUrn('urn:isbn:0-486-27557-4').valid; // true
 * validateUrn('urn:isbn:0-486-27557-5').problems[0].reason; // 'wrong check digit, expected 4'
 * validateUrn('urn:path:/A/B/C/doc.html').valid; // false
 * const legacy = validateUrn('urn:path:/A/B/C/doc.html', { lenient: true });
 * legacy.valid; // true
 * legacy.problems.map((p) => p.code); // ['legacy-syntax', 'unregistered']
 * ```
 */
export function validateUrn(input: string, options?: ValidateUrnOptions): UrnValidation {
  const problems: UrnProblem[] = [];
  let urn = scan(input, false);
  if (Array.isArray(urn)) {
    const [index, reason] = urn;
    urn = scan(input, true);
    if (Array.isArray(urn)) {
      problems.push({ code: 'syntax', reason, index });
      return { valid: false, urn: undefined, namespace: undefined, problems };
    }
    problems.push({
      code: 'legacy-syntax',
      reason: `not RFC 8141 (${reason}), but valid under the obsolete RFC 2141 grammar`,
      index,
    });
  }
  const namespace = namespaceOf(urn.nid);
  if (namespace.kind === 'unregistered') {
    problems.push({
      code: 'unregistered',
      reason: `the NID "${namespace.nid}" is not in the IANA URN Namespaces registry (RFC 8141 §5)`,
    });
  }
  for (const rule of options?.namespaces ?? standardNamespaces) {
    if (rule.nid !== namespace.nid) continue;
    const reason = rule.check(upperEscapes(urn.nss));
    if (reason !== undefined) problems.push({ code: 'namespace', reason });
  }
  const valid = options?.lenient
    ? problems.every((p) => p.code === 'legacy-syntax' || p.code === 'unregistered')
    : problems.length === 0;
  return { valid, urn, namespace, problems };
}
