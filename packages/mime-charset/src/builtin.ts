// Every codec of the family, for the main entry: @x/legacy-charsets (all of it, statically) and the
// UCS-2/UCS-4 wrappers of src/ucs.ts.
import { getCodec } from '@x/legacy-charsets';
import type { CharsetCodec } from './codecs';
import { ucs2, ucs4 } from './ucs';

let ucs: Record<string, CharsetCodec> | undefined;

/** The built-in codec of that codec name, if any. */
export function builtinCodec(name: string): CharsetCodec | undefined {
  if (name === 'ucs-2' || name === 'ucs-4') {
    ucs ??= { 'ucs-2': ucs2(getCodec('utf-16be')!), 'ucs-4': ucs4(getCodec('utf-32be')!) };
    return ucs[name];
  }
  return getCodec(name);
}
