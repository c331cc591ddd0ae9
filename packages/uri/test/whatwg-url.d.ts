// whatwg-url ships no types; the tests and benchmarks use only its URL class, which matches the DOM's.
declare module 'whatwg-url' {
  export const URL: typeof globalThis.URL;
}
