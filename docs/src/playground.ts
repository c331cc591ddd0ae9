// The playground page: wires the inputs of src/playground.html to the tools of ./tools and draws
// their results. Runs in the browser only.
import {
  charsetNames,
  componentNames,
  decodeBytes,
  detect,
  decodeHeader,
  decodePercent,
  decodeReferences,
  encodePercent,
  encodeText,
  iso2022Steps,
  encodeReferences,
  encodeSets,
  type Failure,
  inspectContentType,
  inspectUrn,
  normalizeUri,
  type Missing,
  parseHex,
  parseUri,
  relativizeTarget,
  resolveReference,
  sniff,
  type TextOutcome,
} from './tools';

function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`playground: #${id} missing`);
  return el;
}

function value(id: string): string {
  return ($(id) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement).value;
}

function h(
  tag: string,
  attrs: Record<string, string>,
  ...children: (Node | string)[]
): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) el.append(c);
  return el;
}

function problem(o: Failure | Missing): HTMLElement {
  if (o.kind === 'missing')
    return h('span', { class: 'missing' }, `${o.what} is not available in this build`);
  return h('span', { class: 'error' }, `${o.name}: ${o.reason ?? o.message}`);
}

function showText(id: string, o: TextOutcome): void {
  const el = $(id);
  el.replaceChildren(o.kind === 'ok' ? h('code', {}, o.text) : problem(o));
  el.dataset.state = o.kind;
}

/** The input with the character at `index` marked (or an end marker when the input ran out). */
function highlight(input: string, index: number): HTMLElement {
  const at = input.slice(index, index + 1);
  return h(
    'code',
    { class: 'highlighted' },
    input.slice(0, index),
    h('mark', { 'data-index': String(index) }, at === '' ? '␄' : at),
    input.slice(index + 1),
  );
}

function updateParse(): void {
  const input = value('parse-input');
  const o = parseUri(input);
  const out = $('parse-output');
  out.dataset.state = o.kind;
  if (o.kind === 'ok') {
    const rows = componentNames.map((n) => {
      const v = o.components[n];
      return h(
        'tr',
        { 'data-component': n },
        h('th', {}, n),
        h(
          'td',
          {},
          v === undefined ? h('em', {}, 'undefined (absent)') : h('code', {}, JSON.stringify(v)),
        ),
      );
    });
    const n = normalizeUri(input);
    out.replaceChildren(
      h('table', { class: 'components' }, ...rows),
      h(
        'p',
        { 'data-testid': 'parse-normalized' },
        'Normalized (RFC 3986 §6.2.2–6.2.3): ',
        n.kind === 'ok' ? h('code', {}, n.text) : problem(n),
      ),
    );
  } else if (o.kind === 'error' && o.index !== undefined) {
    out.replaceChildren(
      h('p', {}, highlight(input, o.index)),
      h('p', { class: 'error' }, `${o.name} at index ${o.index}: ${o.reason ?? o.message}`),
    );
  } else out.replaceChildren(problem(o));
}

function updateResolve(): void {
  showText('resolve-output', resolveReference(value('resolve-base'), value('resolve-ref')));
  showText(
    'relativize-output',
    relativizeTarget(value('resolve-base'), value('relativize-target')),
  );
}

function updatePercent(): void {
  showText('percent-encoded', encodePercent(value('percent-input'), value('percent-set')));
  const mode = value('percent-mode') === 'lenient' ? 'lenient' : 'strict';
  showText('percent-decoded', decodePercent(value('percent-decode-input'), mode));
}

function updateCharset(): void {
  const hex = parseHex(value('charset-hex'));
  const sniffed = $('charset-sniffed');
  if (!hex.ok) {
    sniffed.replaceChildren('');
    $('charset-detected').replaceChildren('');
    showText('charset-output', {
      kind: 'error',
      name: 'HexError',
      message: `not a hex digit at index ${hex.index}`,
      index: hex.index,
    });
    return;
  }
  const s = sniff(hex.bytes);
  sniffed.replaceChildren(h('code', {}, s.name ?? 'nothing'), ` (${s.how})`);
  sniffed.dataset.state = s.kind;
  const guesses = detect(hex.bytes);
  $('charset-detected').replaceChildren(
    ...(guesses.length === 0
      ? ['nothing to go on']
      : guesses.flatMap((g, i) => [
          ...(i > 0 ? [', '] : []),
          h('code', {}, g.encoding),
          ` ${(100 * g.confidence).toFixed(g.confidence > 0.999 ? 0 : 1)}%${g.language ? ` (${g.language})` : ''}`,
        ])),
  );
  const chosen = value('charset-name');
  const name = chosen === 'auto' ? (s.name ?? guesses[0]?.codec ?? 'utf-8') : chosen;
  showText('charset-output', decodeBytes(hex.bytes, name));
}

function updateUrn(): void {
  const o = inspectUrn(value('urn-input'));
  const out = $('urn-output');
  out.dataset.state = o.kind;
  if (o.kind !== 'ok') {
    out.replaceChildren(
      o.kind === 'error' && o.index !== undefined
        ? h('p', {}, highlight(value('urn-input'), o.index))
        : '',
      problem(o),
    );
    return;
  }
  const rows = Object.entries(o.parts).map(([k, v]) =>
    h('tr', { 'data-part': k }, h('th', {}, k), h('td', {}, h('code', {}, String(v)))),
  );
  const urls = o.urls;
  out.replaceChildren(
    h('table', { class: 'components' }, ...rows),
    h('p', { 'data-testid': 'urn-namespace' }, 'Namespace: ', h('code', {}, o.namespace)),
    o.problems.length === 0
      ? h('p', { 'data-testid': 'urn-problems', 'data-state': 'ok' }, 'Namespace rules: met.')
      : h(
          'p',
          { 'data-testid': 'urn-problems', 'data-state': 'error', class: 'error' },
          `Namespace rules not met: ${o.problems.join('; ')}`,
        ),
    urls.length === 0
      ? h('p', { 'data-testid': 'urn-urls' }, 'No resolution URL for this namespace.')
      : h(
          'ul',
          { 'data-testid': 'urn-urls' },
          ...urls.map((u) => h('li', {}, h('a', { href: u, rel: 'noopener' }, u))),
        ),
  );
}

function updateContentType(): void {
  const o = inspectContentType(value('content-type-input'));
  const out = $('content-type-output');
  out.dataset.state = o.kind;
  if (o.kind !== 'ok') {
    out.replaceChildren(problem(o));
    return;
  }
  const rows = o.parameters.map(([k, v]) =>
    h('tr', { 'data-parameter': k }, h('th', {}, k), h('td', {}, h('code', {}, JSON.stringify(v)))),
  );
  out.replaceChildren(
    h('p', { 'data-testid': 'content-type-essence' }, 'Media type: ', h('code', {}, o.essence)),
    rows.length > 0 ? h('table', { class: 'components' }, ...rows) : h('p', {}, 'No parameters.'),
    h(
      'p',
      { 'data-testid': 'content-type-charset' },
      'Charset: ',
      o.charset === null ? h('em', {}, 'none declared') : h('code', {}, o.charset),
    ),
    h(
      'p',
      { 'data-testid': 'content-type-strict' },
      o.strict.kind === 'ok'
        ? 'RFC 9110: well-formed.'
        : `RFC 9110: ${o.strict.name === 'Error' ? '' : `${o.strict.name}: `}${o.strict.message}`,
    ),
  );
}

function updateHeader(): void {
  const o = decodeHeader(value('rfc2047-input'), value('rfc2047-mode') !== 'lenient');
  const out = $('rfc2047-output');
  out.dataset.state = o.kind;
  if (o.kind !== 'ok') {
    out.replaceChildren(problem(o));
    return;
  }
  out.replaceChildren(
    h('p', {}, 'Text: ', h('code', { 'data-testid': 'rfc2047-text' }, o.text)),
    h(
      'p',
      { 'data-testid': 'rfc2047-issues' },
      o.issues.length === 0
        ? 'Every encoded-word decoded.'
        : `Left as written: ${o.issues.join('; ')}`,
    ),
  );
}

function updateReferences(): void {
  const context = value('html-context') === 'attribute' ? 'attribute' : 'text';
  const o = decodeReferences(value('html-decode-input'), context);
  const out = $('html-decode-output');
  out.dataset.state = o.kind;
  out.replaceChildren(
    h('p', {}, 'Text: ', h('code', { 'data-testid': 'html-decoded' }, o.text)),
    h(
      'p',
      { 'data-testid': 'html-errors' },
      o.errors.length === 0 ? 'No parse errors.' : `Parse errors: ${o.errors.join('; ')}`,
    ),
  );
  const mode = value('html-mode') as 'minimal' | 'attribute' | 'non-ascii' | 'named';
  showText(
    'html-encoded',
    encodeReferences(value('html-encode-input'), mode, value('html-charset')),
  );
}

function fill(id: string, names: string[], preferred: string): void {
  const select = $(id) as HTMLSelectElement;
  select.replaceChildren(...names.map((n) => h('option', { value: n }, n)));
  if (names.includes(preferred)) select.value = preferred;
}

function wire(ids: string[], update: () => void): void {
  for (const id of ids) {
    $(id).addEventListener('input', update);
    $(id).addEventListener('change', update);
  }
  update();
}

function updateEncode(): void {
  const name = value('encode-name');
  const o = encodeText(value('encode-input'), name);
  const steps = $('encode-steps');
  if (o.kind !== 'ok') {
    for (const id of ['encode-hex', 'encode-binary', 'encode-chars']) $(id).replaceChildren('');
    $('encode-hex').replaceChildren(problem(o));
    steps.replaceChildren('');
    return;
  }
  $('encode-hex').replaceChildren(h('code', {}, o.hex));
  $('encode-binary').replaceChildren(h('code', {}, o.binary));
  $('encode-chars').replaceChildren(
    h(
      'ul',
      {},
      ...o.chars.map((c) =>
        c.bytes
          ? h(
              'li',
              {},
              h('code', {}, c.char),
              ` ${c.bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ')}`,
            )
          : h(
              'li',
              { class: 'error', 'data-unencodable': 'true' },
              h('code', {}, c.char),
              ' cannot be encoded',
            ),
      ),
    ),
  );
  if (name.startsWith('iso-2022') || name === 'iso-2022') {
    const bytes = Uint8Array.from(o.hex.split(' ').filter(Boolean), (x) => Number.parseInt(x, 16));
    steps.replaceChildren(
      h(
        'ol',
        {},
        ...iso2022Steps(bytes).map((s) =>
          h('li', {}, `${s.offset}: `, h('code', {}, s.bytes), ` ${s.kind} ${s.detail}`),
        ),
      ),
    );
  } else steps.replaceChildren(h('em', {}, 'not an ISO 2022 charset'));
}

fill('percent-set', encodeSets(), 'rfc3986.component');
fill('charset-name', charsetNames(), 'windows-1252');
($('charset-name') as HTMLSelectElement).prepend(
  h('option', { value: 'auto' }, 'auto: the sniffed charset, else the detected one'),
);
wire(['parse-input'], updateParse);
wire(['resolve-base', 'resolve-ref', 'relativize-target'], updateResolve);
wire(['percent-input', 'percent-set', 'percent-decode-input', 'percent-mode'], updatePercent);
wire(['charset-hex', 'charset-name'], updateCharset);
wire(['content-type-input'], updateContentType);
fill('encode-name', charsetNames(), 'iso-8859-7');
wire(['encode-input', 'encode-name'], updateEncode);
wire(['rfc2047-input', 'rfc2047-mode'], updateHeader);
fill('html-charset', charsetNames(), 'windows-1253');
wire(
  ['html-decode-input', 'html-context', 'html-encode-input', 'html-mode', 'html-charset'],
  updateReferences,
);
wire(['urn-input'], updateUrn);
$('pg-status').textContent = 'Ready: every tool runs in this page.';
$('pg-status').dataset.ready = 'true';
