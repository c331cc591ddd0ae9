import { describe, expectTypeOf, it } from 'vitest';
import type { DataUri } from '../src/data';
import type { FtpUrl } from '../src/ftp';
import {
  type Host,
  type ParseResult,
  parse,
  parseHost,
  tryParse,
  type UriComponents,
  type UriSyntaxError,
} from '../src/index';
import type { Mailto } from '../src/mailto';

describe('types', () => {
  it('UriComponents: absent is undefined, path always a string', () => {
    expectTypeOf(parse('a:b')).toEqualTypeOf<UriComponents>();
    expectTypeOf<UriComponents['scheme']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<UriComponents['port']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<UriComponents['path']>().toEqualTypeOf<string>();
  });
  it('ParseResult narrows on ok', () => {
    const r: ParseResult = tryParse('a:b');
    if (r.ok) expectTypeOf(r.value).toEqualTypeOf<UriComponents>();
    else expectTypeOf(r.error).toEqualTypeOf<UriSyntaxError>();
  });
  it('Host is a union discriminated by kind', () => {
    const h: Host = parseHost('a');
    if (h.kind === 'ipv6') expectTypeOf(h.pieces).toEqualTypeOf<number[]>();
    if (h.kind === 'ipv4') expectTypeOf(h.address).toEqualTypeOf<number>();
    expectTypeOf<Host['kind']>().toEqualTypeOf<'ipv4' | 'ipv6' | 'ipvfuture' | 'reg-name'>();
  });
  it('UriSyntaxError carries index and reason', () => {
    expectTypeOf<UriSyntaxError['index']>().toEqualTypeOf<number>();
    expectTypeOf<UriSyntaxError['reason']>().toEqualTypeOf<string>();
  });
  it('scheme helper records', () => {
    expectTypeOf<Mailto['headers']>().toEqualTypeOf<[name: string, value: string][]>();
    expectTypeOf<DataUri['data']>().toEqualTypeOf<Uint8Array>();
    expectTypeOf<FtpUrl['type']>().toEqualTypeOf<'a' | 'i' | 'd' | undefined>();
  });
});
