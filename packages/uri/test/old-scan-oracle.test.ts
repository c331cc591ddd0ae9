// The public functions built on `scan` (the validators, parse, parseIri, normalize, equivalent,
// referenceKind and the scheme helpers) against the same functions wired to the scanner as it was
// before the clean-input route (test/reference/scan-0e69b7d.ts, a verbatim copy of that commit's
// src/scan.ts): every answer, value or error, must be the same.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import * as cur from '../src/index';
import * as curData from '../src/data';
import * as curFile from '../src/file';
import * as curFtp from '../src/ftp';
import * as curHttp from '../src/http';
import * as curLdap from '../src/ldap';
import * as curMailto from '../src/mailto';
import * as curTel from '../src/tel';
import * as oldScan from './reference/scan-0e69b7d';
import { edgeShapes, longShapes, uriReference } from './arbitraries';

// A fresh module graph in which every importer of src/scan gets the reference copy.
let oldCalls = 0;
vi.resetModules();
vi.doMock('../src/scan', () => ({
  ...oldScan,
  scan: (...args: Parameters<typeof oldScan.scan>) => {
    oldCalls++;
    return oldScan.scan(...args);
  },
}));
const old = await import('../src/index');
const oldData = await import('../src/data');
const oldFile = await import('../src/file');
const oldFtp = await import('../src/ftp');
const oldHttp = await import('../src/http');
const oldLdap = await import('../src/ldap');
const oldMailto = await import('../src/mailto');
const oldTel = await import('../src/tel');
vi.doUnmock('../src/scan');

/** The value `f` returns, or the error it throws (class, message, offset and reason). */
function outcome(f: () => unknown): unknown {
  try {
    return { value: f() };
  } catch (e) {
    const err = e as { name?: string; message?: string; index?: number; reason?: string };
    return { error: [err.name, err.message, err.index, err.reason] };
  }
}

type Api = typeof cur;
type Helpers = [
  typeof curData,
  typeof curFile,
  typeof curFtp,
  typeof curHttp,
  typeof curLdap,
  typeof curMailto,
  typeof curTel,
];

function answers(api: Api, h: Helpers, s: string, t: string): unknown[] {
  const [data, file, ftp, http, ldap, mailto, tel] = h;
  return [
    api.isUriReference(s),
    api.isUri(s),
    api.isAbsoluteUri(s),
    api.isRelativeReference(s),
    outcome(() => api.parse(s)),
    outcome(() => api.parseIri(s)),
    outcome(() => api.normalize(s)),
    outcome(() => api.normalize(s, { zoneId: true, hosts: 'whatwg', schemeBased: false })),
    outcome(() => api.normalize(s, { literal: true, canonicalIpv6: false })),
    outcome(() => api.tryParse(s, { zoneId: true })),
    outcome(() => api.equivalent(s, t)),
    outcome(() => api.equivalent(s, s.toUpperCase())),
    outcome(() => api.referenceKind(s)),
    outcome(() => api.iriToUri(s)),
    outcome(() => http.origin(s)),
    outcome(() => http.requestTarget(s)),
    outcome(() => mailto.parseMailto(s)),
    outcome(() => ftp.parseFtp(s)),
    outcome(() => data.parseDataUri(s)),
    outcome(() => tel.parseTel(s)),
    outcome(() => ldap.parseLdapUrl(s)),
    outcome(() => file.fileUriToPath(s)),
  ];
}

const curHelpers: Helpers = [curData, curFile, curFtp, curHttp, curLdap, curMailto, curTel];
const oldHelpers: Helpers = [oldData, oldFile, oldFtp, oldHttp, oldLdap, oldMailto, oldTel];

function same(s: string, t: string): void {
  expect(answers(cur, curHelpers, s, t), JSON.stringify([s, t])).toEqual(
    answers(old, oldHelpers, s, t),
  );
}

// The scheme helpers' own schemes in front of edge shapes and grammar-built tails.
const schemed = fc
  .tuple(
    fc.constantFrom(
      'http:',
      'HTTPS:',
      'ws:',
      'mailto:',
      'ftp:',
      'data:',
      'tel:',
      'ldap:',
      'file:',
      'FILE:',
      '',
    ),
    fc.oneof(
      edgeShapes,
      uriReference,
      fc.constantFrom(
        '//h/p',
        '///c:/x',
        'a@b.c?subject=x',
        ',a',
        'text/plain;base64,QQ==',
        '+1-555',
        '//h/o=x??sub',
      ),
    ),
  )
  .map(([a, b]) => a + b);

const input = fc.oneof(edgeShapes, uriReference, schemed);

describe('parse, validators, normalize, equivalent and the scheme helpers agree with the scanner before the clean-input route', () => {
  it('the reference graph really runs the reference scanner', () => {
    const before = oldCalls;
    // a userinfo: the node build's parse reads a URI of the common shape without the scanner
    // (src/parse.node.ts; test/common-shape.test.ts holds that reader to the scanner)
    expect(old.parse('http://u@h/p')).toEqual(cur.parse('http://u@h/p'));
    expect(oldCalls).toBeGreaterThan(before);
    expect(old.parse).not.toBe(cur.parse);
  });

  it('on grammar-built references, edge shapes and scheme-helper inputs', () => {
    fc.assert(
      fc.property(input, input, (s, t) => same(s, t)),
      { numRuns: 5000 },
    );
  });

  it('on equivalent pairs (a reference beside its normal form)', () => {
    fc.assert(
      fc.property(input, (s) => {
        const r = outcome(() => cur.normalize(s)) as { value?: string };
        same(s, r.value ?? s);
      }),
      { numRuns: 1000 },
    );
  });

  it('on long inputs', () => {
    fc.assert(
      fc.property(longShapes, longShapes, (s, t) => same(s, t)),
      { numRuns: 150 },
    );
  });
});
