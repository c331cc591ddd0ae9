// Writes src/generated/labels.ts and src/generated/registry.ts from data/:
//   data/encodings.json                         WHATWG Encoding Standard names and labels
//   data/iana-character-sets-1.2022-07-14.csv   IANA Character Sets registry
//   data/family-codecs.txt                      which codecs the @x family implements, joined to IANA
// Run with `pnpm run regenerate`; test/generated.test.ts regenerates in memory and compares.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface WhatwgEncoding {
  name: string;
  labels: string[];
}

interface IanaRecord {
  name: string;
  mib: number;
  preferred: string;
  aliases: string[];
}

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function readWhatwg(dataDir: string): WhatwgEncoding[] {
  const groups = JSON.parse(readFileSync(join(dataDir, 'encodings.json'), 'utf8')) as {
    encodings: WhatwgEncoding[];
  }[];
  return groups.flatMap((g) => g.encodings);
}

function readIana(dataDir: string): IanaRecord[] {
  const [header, ...rows] = parseCsv(
    readFileSync(join(dataDir, 'iana-character-sets-1.2022-07-14.csv'), 'utf8'),
  );
  const col = (name: string): number => header!.indexOf(name);
  const [iPref, iName, iMib, iAliases] = [
    col('Preferred MIME Name'),
    col('Name'),
    col('MIBenum'),
    col('Aliases'),
  ];
  return rows
    .filter((r) => r.length > iAliases)
    .map((r) => {
      const name = r[iName]!.trim();
      // Aliases are one a line; a line with a space is a registry note, not an alias.
      const aliases = r[iAliases]!.split(/\r?\n/)
        .map((a) => a.trim())
        .filter((a) => a !== '' && !a.includes(' ') && a.toLowerCase() !== name.toLowerCase());
      return { name, mib: Number(r[iMib]), preferred: r[iPref]!.trim(), aliases };
    });
}

function parseFamily(text: string): { codec: string; iana: string[] }[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const [codec, ...iana] = l.split(/\s+/);
      return { codec: codec!, iana: iana.filter((n) => n !== '-') };
    });
}

const SEPARATORS = /[;| ,]/;

/** Codecs implemented outside @x/legacy-charsets: by @x/utf8, or here over a legacy codec (src/ucs.ts). */
const NOT_LEGACY = new Set(['utf-8', 'ucs-2', 'ucs-4']);

function check(value: string, what: string): string {
  if (SEPARATORS.test(value)) throw new Error(`${what} ${JSON.stringify(value)} holds a separator`);
  return value;
}

/**
 * Renders the generated files in memory: file name (relative to src/generated) -> contents.
 * `familyText` replaces data/family-codecs.txt (the tests use it for the error paths).
 */
export function generate(
  dataDir: string,
  familyText: string = readFileSync(join(dataDir, 'family-codecs.txt'), 'utf8'),
): Record<string, string> {
  const whatwg = readWhatwg(dataDir);
  const iana = readIana(dataDir);
  const family = parseFamily(familyText);

  const codecOfIana = new Map<string, string>();
  for (const { codec, iana: names } of family) {
    for (const n of names) {
      if (!iana.some((r) => r.name === n)) throw new Error(`family-codecs: no IANA record ${n}`);
      codecOfIana.set(n, codec);
    }
  }
  const codecs = new Set(family.map((f) => f.codec));

  // WHATWG: what the web does with each label.
  const whatwgTable = whatwg
    .map((e) => `${check(e.name, 'name')} ${e.labels.map((l) => check(l, 'label')).join(',')}`)
    .join(';');

  // The joined registry: every IANA record, then the WHATWG encodings IANA does not register.
  const joined = new Set<string>();
  const rows = iana.map((r) => {
    const names = [r.name, ...r.aliases].map((n) => n.toLowerCase());
    const w = whatwg.find((e) => names.includes(e.name.toLowerCase()));
    if (w) joined.add(w.name);
    const web = w?.name.toLowerCase();
    const codec = codecOfIana.get(r.name) ?? (web !== undefined && codecs.has(web) ? web : '');
    return [
      check(r.name, 'name'),
      String(r.mib),
      r.preferred === r.name ? '' : check(r.preferred, 'name'),
      r.aliases.map((a) => check(a, 'alias')).join(','),
      w ? w.name : '',
      codec,
    ].join('|');
  });
  for (const e of whatwg) {
    if (!joined.has(e.name))
      rows.push([e.name, '', '', '', e.name, e.name.toLowerCase()].join('|'));
  }

  const header = (what: string): string =>
    `// Generated by scripts/generate-registry.ts from ${what}. Do not edit: run \`pnpm run regenerate\`.\n`;
  const str = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return {
    'labels.ts':
      header('data/encodings.json (WHATWG)') +
      '\n/** WHATWG encodings: `Name label,label,…` joined by `;`. */\n' +
      `export const WHATWG_LABELS: string = ${str(whatwgTable)};\n`,
    'registry.ts':
      header(
        'data/iana-character-sets-1.2022-07-14.csv (IANA), data/encodings.json (WHATWG), data/family-codecs.txt',
      ) +
      '\n/** Joined registry rows `name|MIBenum|preferred MIME name|alias,…|WHATWG name|codec` joined by `;`. */\n' +
      `export const REGISTRY: string = ${str(rows.join(';'))};\n\n` +
      '/** Every codec of the family, joined by `,`. */\n' +
      `export const CODECS: string = ${str([...codecs].map((c) => check(c, 'codec')).join(','))};\n`,
    'loaders.ts':
      header('data/family-codecs.txt') +
      "import type { CharsetCodec } from '../codecs';\n\n" +
      '/** Codec name -> lazy import of its own `@x/legacy-charsets/<codec>` subpath (one chunk per codec). */\n' +
      'export const LOADERS: Record<string, (() => Promise<{ codec: CharsetCodec }>) | undefined> = {\n' +
      [...codecs]
        .filter((c) => !NOT_LEGACY.has(c))
        .map(
          (c) =>
            `  ${/^[a-z_][a-z0-9_]*$/.test(c) ? c : str(c)}: () => import('@x/legacy-charsets/${c}'),\n`,
        )
        .join('') +
      '};\n',
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = join(import.meta.dirname, '..');
  for (const [file, contents] of Object.entries(generate(join(root, 'data')))) {
    writeFileSync(join(root, 'src', 'generated', file), contents);
    console.log(`wrote src/generated/${file} (${contents.length} bytes)`);
  }
}
