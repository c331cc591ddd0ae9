// A deterministic measure of the work a call does, for the linear-time tests: every element of
// every typed array allocated, copied (`set`, `copyWithin`, `slice`) or filled while it runs. An
// output buffer that grows by doubling costs a small constant per unit of input; one reallocated
// and copied per character costs about n / 2 per unit for n units, which no bound here lets by.

const kinds = ['Uint8Array', 'Uint16Array', 'Uint32Array', 'Int8Array', 'Int32Array'] as const;
const methods = ['set', 'copyWithin', 'slice', 'fill'] as const;
type Methods = Record<(typeof methods)[number], (...args: unknown[]) => unknown>;
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as Methods;
const lengthOf = (x: unknown): number =>
  typeof x === 'number' ? x : ((x as { length?: number } | null)?.length ?? 0);

/**
 * Work per unit of input of `f`: elements of typed arrays allocated, copied or filled while it
 * runs, divided by `length`. Build the codec's tables (a first call on a little input) before: they
 * are built once and would count here. An exception from `f` (fatal mode) ends the count.
 */
export function workPerUnit(length: number, f: () => unknown): number {
  let work = 0;
  const global = globalThis as unknown as Record<string, unknown>;
  const constructors = kinds.map((kind) => global[kind] as new (...args: unknown[]) => object);
  const originals = methods.map((m) => TypedArrayPrototype[m]);
  kinds.forEach((kind, k) => {
    // A Proxy of the constructor: `new`, `instanceof` and the statics behave as before.
    global[kind] = new Proxy(constructors[k]!, {
      construct(target, args, newTarget) {
        const made = Reflect.construct(target, args, newTarget) as { length: number };
        work += made.length;
        return made;
      },
    });
  });
  methods.forEach((m, k) => {
    const original = originals[k]!;
    TypedArrayPrototype[m] = function (this: { length: number }, ...args: unknown[]) {
      work += m === 'set' ? lengthOf(args[0]) : this.length;
      return original.apply(this, args);
    };
  });
  try {
    f();
  } catch {
    // Fatal mode stops at the first error: the work up to there counts.
  } finally {
    kinds.forEach((kind, k) => {
      global[kind] = constructors[k];
    });
    methods.forEach((m, k) => {
      TypedArrayPrototype[m] = originals[k]!;
    });
  }
  return work / length;
}
