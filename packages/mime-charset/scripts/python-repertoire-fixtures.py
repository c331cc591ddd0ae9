# Writes test/vectors/python-repertoires.json: the byte sequences CPython's codecs gb2312, euc_kr,
# shift_jis, euc_jp, iso2022_jp and big5 decode (the repertoire of each charset as a reader that
# takes the IANA name exactly reads it), as ranges of sequence values, for the encoders' test
# (test/repertoire.test.ts). Python's codecs are data: PSF License (see test/vectors/SOURCES.md).
# Run from packages/mime-charset: python3 scripts/python-repertoire-fixtures.py > test/vectors/python-repertoires.json
import json, sys

def valid(codec, seq):
    try:
        seq.decode(codec)
        return True
    except UnicodeDecodeError:
        return False

def ranges(values):
    out = []
    for v in values:
        if out and out[-1][1] == v - 1:
            out[-1][1] = v
        else:
            out.append([v, v])
    return [[f'{a:x}', f'{b:x}'] for a, b in out]

result = {
    'comment': 'Written by scripts/python-repertoire-fixtures.py; do not edit. Each charset: the byte sequences (as one number, lead byte first) of 0x80 and above that the CPython codec decodes, as [first, last] ranges; ISO-2022-JP: the JIS X 0208 pairs after ESC $ B.',
    'python': sys.version.split()[0],
    'license': 'PSF-2.0 (CPython Lib/encodings, Modules/cjkcodecs)',
    'charsets': {},
}
for name, codec in [('GB2312', 'gb2312'), ('EUC-KR', 'euc_kr'), ('Shift_JIS', 'shift_jis'), ('EUC-JP', 'euc_jp'), ('Big5', 'big5')]:
    values = [b for b in range(0x80, 0x100) if valid(codec, bytes([b]))]
    for lead in range(0x80, 0x100):
        for trail in range(0x21, 0x100):
            if valid(codec, bytes([lead, trail])):
                values.append(lead << 8 | trail)
    result['charsets'][name] = ranges(sorted(values))
values = []
for lead in range(0x21, 0x7f):
    for trail in range(0x21, 0x7f):
        if valid('iso2022_jp', b'\x1b$B' + bytes([lead, trail]) + b'\x1b(B'):
            values.append(lead << 8 | trail)
result['charsets']['ISO-2022-JP'] = ranges(values)
charsets = result.pop('charsets')
lines = [f'  {json.dumps(k)}: {json.dumps(v, separators=(",", ":"))}' for k, v in charsets.items()]
head = json.dumps(result, indent=1)[:-2]
print(head + ',\n "charsets": {\n' + ',\n'.join(lines) + '\n }\n}')
