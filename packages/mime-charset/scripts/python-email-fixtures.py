#!/usr/bin/env python3
"""Writes Python's `email` readings of generated RFC 2047 headers and MIME bodies as JSON.

Deterministic (seeded). Usage (the whole run, from packages/mime-charset):
  pnpm --filter @x/mime-charset build && pnpm exec node scripts/python-email-inputs.ts > /tmp/ours.json \
    && python3 scripts/python-email-fixtures.py /tmp/ours.json > test/vectors/python-email.json
The optional argument is the JSON of scripts/python-email-inputs.ts: bodies our encoders wrote, which
Python decodes here (the round trip). Each case records the input and what Python's email package makes of it:
headers through email.header (decode_header + make_header) and through email.policy.default's
header parsing; bodies through message_from_bytes(...).get_payload(decode=True) and get_content().
"""
import base64, email, email.header, email.policy, json, quopri, random, sys

rnd = random.Random(2047)

SAMPLES = {
    'utf-8': ['André Pirard', 'Ελληνικά κείμενα', 'Война и мир', '日本語の件名です', '€ 20 rates', 'naïve café 😀'],
    'iso-8859-1': ['André Pirard', 'Keld Jørn Simonsen', 'Ölçü ÿ'],
    'iso-8859-2': ['Žluťoučký kůň', 'Łódź'],
    'iso-8859-7': ['Ελληνικά', 'αβγδ ΑΒΓΔ'],
    'windows-1252': ['Parhelia™ “quoted”', '€ 20 — dash'],
    'koi8-r': ['Война и мир', 'Привет'],
    'shift_jis': ['日本語の件名', 'テスト'],
    'euc-jp': ['日本語の件名', 'テスト'],
    'iso-2022-jp': ['日本語の件名です', 'テスト メール'],
    'gb2312': ['中文邮件主题', '你好'],
    'big5': ['中文郵件主題', '你好'],
}

def word(charset, raw, enc):
    if enc == 'B':
        text = base64.b64encode(raw).decode('ascii')
    else:
        out = []
        for b in raw:
            c = chr(b)
            if b == 0x20:
                out.append('_')
            elif c.isalnum() and b < 0x80:
                out.append(c)
            else:
                out.append('=%02X' % b)
        text = ''.join(out)
    return '=?%s?%s?%s?=' % (charset, enc, text)

def split_bytes(raw, n):
    """Cut raw into n pieces at random byte offsets (may cut a multi-byte character)."""
    if n <= 1 or len(raw) < n:
        return [raw]
    cuts = sorted(rnd.sample(range(1, len(raw)), n - 1))
    return [raw[i:j] for i, j in zip([0] + cuts, cuts + [len(raw)])]

headers = []
for charset, texts in SAMPLES.items():
    for text in texts:
        raw = text.encode(charset)
        for enc in ('B', 'Q'):
            headers.append(word(charset, raw, enc))
            headers.append('Re: ' + word(charset, raw, enc) + ' (x)')
            # adjacent words, whitespace between them is dropped (RFC 2047 §6.2)
            parts = split_bytes(raw, 2)
            headers.append(' '.join(word(charset, p, enc) for p in parts))
            headers.append('\r\n '.join(word(charset, p, enc) for p in parts))
            # words split at random byte offsets (may split a character)
            parts = split_bytes(raw, 3)
            headers.append(' '.join(word(charset, p, enc) for p in parts))
# iso-2022-jp: one word per piece of text, each ending in ASCII (as mail clients write)
for text in ['日本語の件名です', 'テスト メール 送信']:
    pieces = [text[i:i + 3] for i in range(0, len(text), 3)]
    headers.append(' '.join(word('iso-2022-jp', p.encode('iso-2022-jp'), 'B') for p in pieces))
# case and malformed forms
headers += [
    '=?ISO-8859-1?q?Andr=E9?= Pirard',
    '=?iso-8859-1?Q?Parhelia=99?=',
    '=?utf-8?Q?a?= b =?utf-8?Q?c?=',
    '=?utf-8?Q?a?=  =?utf-8?Q?b?=',
    '=?utf-8?B?w6k=?==?utf-8?B?w6k=?=',
    '=?utf-8?Q?no_end',
    '=?utf-8?X?abc?=',
    '=?unknown-charset?Q?abc?=',
    '=?utf-8?B?w6?=',
    '=?utf-8?B?@@@@?=',
    '=?utf-8*en?Q?hello?=',
    'plain ascii subject',
    '=?utf-8?Q?=E2=82?= =?utf-8?Q?=AC?=',
    '=?utf-8?Q?=FF?=',
    'a=?utf-8?Q?b?=c',
    '"=?utf-8?Q?quoted?="',
]

# Labels mail readers read as a superset (WHATWG): bytes only the superset gives a character.
headers += [
    '=?iso-8859-1?Q?=80_20?=',
    '=?us-ascii?Q?caf=E9?=',
    '=?iso-8859-9?Q?=80?=',
    '=?tis-620?B?' + base64.b64encode('ไทย'.encode('cp874') + b'\x80').decode() + '?=',
    '=?gb2312?B?' + base64.b64encode('中文 镕'.encode('gbk')).decode() + '?=',
    '=?gb2312?B?' + base64.b64encode('裏'.encode('gbk')).decode() + '?=',
    '=?ks_c_5601-1987?B?' + base64.b64encode('한국어 똠'.encode('cp949')).decode() + '?=',
    '=?big5?B?' + base64.b64encode('中文'.encode('big5')).decode() + '?=',
]

def modern(h):
    # As a message is read: the header's folds are removed before the header is parsed.
    try:
        msg = email.message_from_bytes(b'Subject: ' + h.encode('ascii') + b'\r\n\r\n', policy=email.policy.default)
        return str(msg['Subject'])
    except Exception as e:  # noqa: BLE001
        return {'error': type(e).__name__}

def legacy(h):
    try:
        return str(email.header.make_header(email.header.decode_header(h)))
    except Exception as e:  # noqa: BLE001
        return {'error': type(e).__name__}

header_cases = [{'input': h, 'legacy': legacy(h), 'modern': modern(h)} for h in headers]

bodies = []
def body(cte, charset, payload):
    bodies.append((cte, charset, payload))

for charset, texts in SAMPLES.items():
    if charset == 'iso-2022-jp':
        continue
    for text in texts:
        raw = (text + '\n') * 3
        data = raw.encode(charset)
        body('quoted-printable', charset, quopri.encodestring(data))
        body('base64', charset, base64.encodebytes(data))
# quoted-printable, RFC 2045 §6.7 rules and lenient forms
qp = [
    b'soft=\r\nbreak\r\n', b'soft=\nbreak\n', b'trailing   \r\nspace\r\n', b'lower =e9 hex\r\n',
    b'junk =ZZ here\r\n', b'lone = sign\r\n', b'ends with =', b'=3D equals\r\n', b'tab\t\r\n',
    b'soft=  \r\nwith space after\r\n', b'a=\r\n=\r\nb\r\n', b'=C3=A9=\r\n=C3=A8\r\n', b'=c3=a9\r\n',
    b'line\rcr only\r\n', b'long ' + b'x' * 200 + b'\r\n',
]
for p in qp:
    body('quoted-printable', 'utf-8', p)
# base64, whitespace, missing padding, junk
b64 = [
    b'w6k=\r\n', b'w6k\r\n', b'w 6 k =\r\n', b'w6k=w6k=\r\n', b'w6k*=\r\n', b'SGVsbG8gd29ybGQ\r\n',
    b'SGVs\r\nbG8g\r\nd29y\r\nbGQ=\r\n', b'SGVsbG8=junk', b'====', b'', b'S', b'SG', b'SGV',
]
for p in b64:
    body('base64', 'utf-8', p)
for p in [b'caf\xc3\xa9\r\n', b'caf\xe9\r\n']:
    for cte in ('7bit', '8bit', 'binary'):
        body(cte, 'utf-8', p)

def parse(cte, charset, payload):
    raw = (b'Content-Type: text/plain; charset="' + charset.encode() + b'"\r\n'
           b'Content-Transfer-Encoding: ' + cte.encode() + b'\r\n\r\n' + payload)
    return email.message_from_bytes(raw, policy=email.policy.default)

body_cases = []
for cte, charset, payload in bodies:
    msg = parse(cte, charset, payload)
    try:
        decoded = msg.get_payload(decode=True)
        decoded = decoded.hex() if decoded is not None else None
    except Exception as e:  # noqa: BLE001
        decoded = {'error': type(e).__name__}
    try:
        content = msg.get_content()
    except Exception as e:  # noqa: BLE001
        content = {'error': type(e).__name__}
    body_cases.append({'transferEncoding': cte, 'charset': charset, 'body': payload.hex(),
                       'bytes': decoded, 'content': content})

# The round trip: bodies our encoders wrote, decoded by Python.
roundtrip = []
if len(sys.argv) > 1:
    with open(sys.argv[1], encoding='utf-8') as f:
        ours = json.load(f)
    for case in ours:
        out = {'charset': case['charset'], 'text': case['text']}
        for key, cte in (('quotedPrintable', 'quoted-printable'), ('base64', 'base64')):
            msg = parse(cte, case['charset'], case[key].encode('ascii'))
            out[key] = case[key]
            out[key + 'Bytes'] = msg.get_payload(decode=True).hex()
            try:
                out[key + 'Content'] = msg.get_content()
            except Exception as e:  # noqa: BLE001
                out[key + 'Content'] = {'error': type(e).__name__}
        roundtrip.append(out)

json.dump({
    'comment': 'Written by scripts/python-email-fixtures.py (Python email package); do not edit. '
               'Regenerate with the command below, from packages/mime-charset.',
    'generator': 'scripts/python-email-fixtures.py',
    'python': sys.version.split()[0],
    'command': 'pnpm --filter @x/mime-charset build && pnpm exec node scripts/python-email-inputs.ts > /tmp/ours.json'
               ' && python3 scripts/python-email-fixtures.py /tmp/ours.json > test/vectors/python-email.json',
    'headers': header_cases,
    'bodies': body_cases,
    'roundtrip': roundtrip,
}, sys.stdout, ensure_ascii=False, indent=1)
