// How fast parseContentType can be against content-type's parse: the same interleaved CPU-time
// rounds as bench/interleaved.ts, on the same inputs (the Content-Type vectors), with a third
// contender, the floor: no scanning at all, only building the result parseContentType returns (the
// essence, type and subtype slices at positions found beforehand, the array of parameter names and
// values in the parameters' own class, the object). No parser that returns this shape can
// beat the floor, so (content-type's time / the floor's) bounds the ratio. A fourth contender is
// the floor of the result the parser built before (a Map of the parameters in an object literal).
//   pnpm --filter @x/mime-charset build && node bench/content-type-floor.ts [rounds]
import { join } from 'node:path';
import { interleave, loadBuilt, median } from '../../../tooling/bench.ts';
import type * as MimeCharset from '../src/index';
import { CONTENT_TYPES, contentType } from './inputs.ts';

const ROUNDS = Number(process.argv[2] ?? 21);
// BENCH_PACKAGE_DIR: a copy of the package (package.json and dist/) to measure instead, as in
// bench/interleaved.ts.
const { esm, cjs } = await loadBuilt<typeof MimeCharset>(
  process.env.BENCH_PACKAGE_DIR ?? join(import.meta.dirname, '..'),
);

// Where the pieces of each result lie, found once with our parser (its answer is the reference).
interface Layout {
  header: string;
  essence: [number, number, number]; // start, end, type length
  lower: boolean;
  params: [string, string][];
}
const layouts: Layout[] = [];
for (const header of CONTENT_TYPES) {
  const ct = esm.parseContentType(header);
  if (ct === null) continue;
  const at = header.toLowerCase().indexOf(ct.essence);
  layouts.push({
    header,
    essence: [at, at + ct.essence.length, ct.type.length],
    lower: header.slice(at, at + ct.essence.length) !== ct.essence,
    params: [...ct.parameters],
  });
}
const headers = layouts.map((l) => l.header);
// The class of the parameters, taken from a result (it is not exported): its constructor takes the
// parameters' names and values, alternating.
type ParametersClass = new (list: readonly string[]) => ReadonlyMap<string, string>;
const Parameters = esm.parseContentType('a/b')!.parameters.constructor as ParametersClass;
const NONE: readonly string[] = [];

let sink = 0;
// Each build's loop compiled on its own (as bench/interleaved.ts does): a closure made by one
// shared function would share its call site's type feedback between the two builds, and the call
// would be polymorphic and not inlined.
const ours = (parse: typeof esm.parseContentType): (() => void) =>
  new Function(
    'parse',
    'headers',
    'count',
    'return () => { for (let i = 0; i < headers.length; i++) if (parse(headers[i]) !== null) count(); };',
  )(parse, headers, () => {
    sink++;
  });
const anchor = () => {
  for (let i = 0; i < headers.length; i++) {
    try {
      if (contentType.parse(headers[i]!) !== null) sink++;
    } catch {
      // content-type throws where the WHATWG parser recovers: caught, as a caller must.
    }
  }
};
// The floor: the slices and the parameters of the result (parameter values are constants here, so
// the floor is, if anything, lower than any real parser's).
const floor = () => {
  for (let i = 0; i < layouts.length; i++) {
    const l = layouts[i]!;
    let essence = l.header.slice(l.essence[0], l.essence[1]);
    if (l.lower) essence = essence.toLowerCase();
    // As the parser builds it: the first parameter an array literal, the others pushed.
    let list: string[] | undefined;
    for (let k = 0; k < l.params.length; k++) {
      const [name, value] = l.params[k]!;
      if (list === undefined) list = [name, value];
      else list.push(name, value);
    }
    const r = {
      type: essence.slice(0, l.essence[2]),
      subtype: essence.slice(l.essence[2] + 1),
      essence,
      parameters: new Parameters(list ?? NONE),
    };
    if (r !== null) sink++;
  }
};
// The floor of the earlier result: a Map and an object literal.
const mapFloor = () => {
  for (let i = 0; i < layouts.length; i++) {
    const l = layouts[i]!;
    let essence = l.header.slice(l.essence[0], l.essence[1]);
    if (l.lower) essence = essence.toLowerCase();
    const parameters = new Map<string, string>();
    for (let k = 0; k < l.params.length; k++) parameters.set(l.params[k]![0], l.params[k]![1]);
    const r = {
      type: essence.slice(0, l.essence[2]),
      subtype: essence.slice(l.essence[2] + 1),
      essence,
      parameters,
    };
    if (r !== null) sink++;
  }
};

const all: [string, () => void][] = [
  ['parseContentType (ESM)', ours(esm.parseContentType)],
  ['parseContentType (CJS)', ours(cjs.parseContentType)],
  ['content-type parse', anchor],
  ['floor: the result built, no scan', floor],
  ['floor of the earlier result (Map, object literal)', mapFloor],
];
const times = interleave(
  all.map(([, f]) => f),
  ROUNDS,
  20_000,
  200,
);
const ratio = (a: number, b: number): string => {
  const rs = times[a]!.map((t, r) => t / times[b]![r]!);
  return `${median(rs).toFixed(2)}x (rounds ${Math.min(...rs).toFixed(2)}-${Math.max(...rs).toFixed(2)})`;
};
for (let j = 0; j < all.length; j++)
  console.log(
    `${all[j]![0]}: ${((median(times[j]!) * 1000) / headers.length).toFixed(0)} ns a header`,
  );
console.log(`content-type / parseContentType (ESM): ${ratio(2, 0)}`);
console.log(`content-type / parseContentType (CJS): ${ratio(2, 1)}`);
console.log(`content-type / floor (the most any parser of this result can reach): ${ratio(2, 3)}`);
console.log(`parseContentType (ESM) / floor: ${ratio(0, 3)}`);
console.log(`earlier result's floor / floor: ${ratio(4, 3)}`);
console.log(
  `${process.version}, ${ROUNDS} rounds, ${headers.length} headers, CPU time (sink ${sink > 0})`,
);
