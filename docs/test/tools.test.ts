// The playground's tools in Node, through the same code the page runs.
import { encode } from '@x/legacy-charsets';
import { describe, expect, it } from 'vitest';
import {
  charsetNames,
  decodeBytes,
  decodeHeader,
  decodeReferences,
  detect,
  encodePercent,
  encodeReferences,
  encodeSets,
  inspectContentType,
  inspectUrn,
  parseHex,
  parseUri,
  sniff,
  encodeText,
  iso2022Steps,
} from '../src/tools';

describe('parseHex', () => {
  it('reads pairs of hex digits with any separators and 0x prefixes', () => {
    expect(parseHex('43 61 66 e9')).toEqual({
      ok: true,
      bytes: Uint8Array.of(0x43, 0x61, 0x66, 0xe9),
    });
    expect(parseHex('0xC2,0xA9\n')).toEqual({ ok: true, bytes: Uint8Array.of(0xc2, 0xa9) });
    expect(parseHex('c2a9')).toEqual({ ok: true, bytes: Uint8Array.of(0xc2, 0xa9) });
    expect(parseHex('')).toEqual({ ok: true, bytes: new Uint8Array(0) });
  });

  it('reports the index of the first character that is not part of a byte', () => {
    expect(parseHex('C9 C')).toEqual({ ok: false, index: 4 });
    expect(parseHex('C9 zz')).toEqual({ ok: false, index: 3 });
    expect(parseHex('C 9')).toEqual({ ok: false, index: 1 });
  });
});

describe('the tools', () => {
  it('parse reports components, or the error index and reason', () => {
    const ok = parseUri('http://a?');
    expect(ok.kind === 'ok' && ok.components).toEqual({
      scheme: 'http',
      userinfo: undefined,
      host: 'a',
      port: undefined,
      path: '',
      query: '',
      fragment: undefined,
    });
    const bad = parseUri('http://a b');
    expect(bad.kind === 'error' && [bad.name, bad.index]).toEqual(['UriSyntaxError', 8]);
  });

  it('lists the encode sets by family and encodes with the one named', () => {
    expect(encodeSets()).toContain('rfc3986.segment');
    expect(encodePercent('a/b', 'rfc3986.segment')).toEqual({ kind: 'ok', text: 'a%2Fb' });
    expect(encodePercent('a/b', 'rfc3986.nope').kind).toBe('missing');
    expect(encodePercent('a/b', 'nodot').kind).toBe('missing');
  });

  it('lists utf-8 first among the charsets and decodes with each', () => {
    const names = charsetNames();
    expect(names[0]).toBe('utf-8');
    expect(names.filter((n) => n === 'utf-8')).toHaveLength(1);
    expect(decodeBytes(Uint8Array.of(0xe9), 'iso-8859-1')).toEqual({ kind: 'ok', text: 'é' });
    expect(decodeBytes(Uint8Array.of(0xc3, 0xa9), 'UTF-8')).toEqual({ kind: 'ok', text: 'é' });
    expect(decodeBytes(Uint8Array.of(0xe9), 'no-such-charset').kind).toBe('error');
  });

  it('encodes text to bytes in hex and binary, marking what the charset cannot hold', () => {
    const greek = encodeText('Aα€', 'iso-8859-7');
    expect(greek).toMatchObject({
      kind: 'ok',
      hex: '41 E1 A4',
      binary: '01000001 11100001 10100100',
    });
    const latin = encodeText('aα', 'iso-8859-1');
    expect(latin).toMatchObject({ kind: 'ok', hex: '61 3F' });
    if (latin.kind === 'ok')
      expect(latin.chars).toEqual([
        { char: 'a', bytes: [0x61] },
        { char: 'α', bytes: null },
      ]);
    expect(encodeText('é', 'utf-8')).toMatchObject({ kind: 'ok', hex: 'C3 A9' });
    expect(encodeText('x', 'no-such-charset').kind).toBe('error');
  });

  it('shows ISO 2022 designations step by step', () => {
    const steps = iso2022Steps(Uint8Array.of(0x1b, 0x2d, 0x46, 0xe1, 0x1b, 0x28, 0x42));
    expect(steps.map((s) => s.kind)).toEqual(['designate', 'text', 'designate']);
    expect(steps[0]).toEqual({
      offset: 0,
      bytes: '1B 2D 46',
      kind: 'designate',
      detail: 'G1 = ISO 8859-7 upper half, Greek (ISO-IR 126)',
    });
    expect(steps[1]).toMatchObject({ offset: 3, bytes: 'E1', detail: 'α' });
  });

  it('sniffs a byte order mark before a meta declaration', () => {
    const meta = new TextEncoder().encode('<meta charset="windows-1253">');
    expect(sniff(meta)).toEqual({ kind: 'ok', name: 'windows-1253', how: 'HTML prescan' });
    expect(sniff(Uint8Array.of(0xef, 0xbb, 0xbf, ...meta))).toEqual({
      kind: 'ok',
      name: 'UTF-8',
      how: 'byte order mark',
    });
  });

  it('detects the charset of bytes that declare nothing, with the codec that decodes them', () => {
    // 'Κωδικοποίηση' in windows-1253, which Latin-1 shows as 'Êùäéêïðïßçóç'.
    const greek = Uint8Array.of(
      0xca,
      0xf9,
      0xe4,
      0xe9,
      0xea,
      0xef,
      0xf0,
      0xef,
      0xdf,
      0xe7,
      0xf3,
      0xe7,
    );
    const [best] = detect(greek);
    expect(best).toMatchObject({ codec: 'windows-1253', encoding: 'windows-1253', language: 'el' });
    expect(decodeBytes(greek, best!.codec)).toEqual({ kind: 'ok', text: 'Κωδικοποίηση' });
    expect(detect(Uint8Array.of(0x41, 0x42)).map((d) => d.codec)).toEqual([
      'utf-8',
      'windows-1252',
    ]);
    expect(detect(new Uint8Array(0))).toEqual([]);
    // IBM855 is the family's cp855, a name the charset list has.
    const russian = 'Все люди рождаются свободными и равными в своем достоинстве и правах.';
    const dos = encode(russian, 'cp855');
    expect(detect(dos)[0]).toMatchObject({ codec: 'cp855', encoding: 'IBM855' });
    expect(charsetNames()).toContain('cp855');
    expect(decodeBytes(dos, 'cp855')).toEqual({ kind: 'ok', text: russian });
  });

  it('takes a URN apart, with its namespace and resolution URLs', () => {
    const o = inspectUrn('urn:isbn:0-486-27557-4');
    expect(o.kind).toBe('ok');
    if (o.kind !== 'ok') return;
    expect(o.parts).toEqual({ nid: 'isbn', nss: '0-486-27557-4' });
    expect(o.namespace?.startsWith('formal')).toBe(true);
    expect(o.urls?.length).toBeGreaterThan(0);
    expect(inspectUrn('urn:x:y').kind).toBe('error');
    expect(o.problems).toEqual([]);
    const bad = inspectUrn('urn:isbn:0-486-27557-5');
    expect(bad.kind === 'ok' && bad.problems).toEqual(['wrong check digit, expected 4']);
  });

  it('reads a Content-Type as browsers do and checks it against RFC 9110', () => {
    expect(inspectContentType('text/html;charset="windows-1253"')).toEqual({
      kind: 'ok',
      essence: 'text/html',
      parameters: [['charset', 'windows-1253']],
      charset: 'windows-1253',
      strict: { kind: 'ok' },
    });
    const sloppy = inspectContentType('text/plain; charset="utf-8');
    expect(sloppy.kind === 'ok' && sloppy.strict.kind).toBe('error');
    expect(sloppy.kind === 'ok' && sloppy.parameters).toEqual([['charset', 'utf-8']]);
    expect(inspectContentType('nonsense').kind).toBe('error');
  });

  it('decodes RFC 2047 encoded-words strictly or leniently, listing the words left alone', () => {
    expect(decodeHeader('=?utf-8?q?caf=C3=A9?= au lait', true)).toEqual({
      kind: 'ok',
      text: 'café au lait',
      issues: [],
      languages: [],
    });
    expect(decodeHeader('x=?utf-8?q?caf=C3=A9?=', true)).toMatchObject({
      text: 'x=?utf-8?q?caf=C3=A9?=',
    });
    expect(decodeHeader('x=?utf-8?q?caf=C3=A9?=', false)).toMatchObject({ text: 'xcafé' });
    expect(decodeHeader('=?no-such?q?a?=', true)).toMatchObject({
      issues: ['unknown-charset (no-such) at index 0'],
    });
  });

  it('decodes HTML character references with their parse errors, and writes them for a charset', () => {
    expect(decodeReferences('&Auml;pfel &notit; &copy=2', 'text')).toEqual({
      kind: 'ok',
      text: 'Äpfel ¬it; ©=2',
      errors: [
        'missing-semicolon-after-character-reference at index 11',
        'missing-semicolon-after-character-reference at index 19',
      ],
    });
    expect(decodeReferences('&copy=2', 'attribute')).toEqual({
      kind: 'ok',
      text: '&copy=2',
      errors: [],
    });
    expect(encodeReferences('Äpfel & μήλα', 'named', 'windows-1253')).toEqual({
      kind: 'ok',
      text: '&Auml;pfel &amp; μήλα',
    });
    expect(encodeReferences('Ä', 'attribute', 'utf-8')).toEqual({ kind: 'ok', text: 'Ä' });
    expect(encodeReferences('Ä', 'attribute', 'no-such')).toEqual({
      kind: 'missing',
      what: 'charset no-such',
    });
    expect(encodeReferences('x', 'attribute', 'bs_4730')).toMatchObject({
      kind: 'error',
      name: 'HtmlReferenceEncodeError',
    });
  });
});
