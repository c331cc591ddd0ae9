// The work a function does on a string, counted rather than timed (a test never asserts a
// timing): characters read by `charCodeAt`, characters a regex `test` steps over, and characters
// `indexOf` searches step over (at least 1 a call each). A linear function's count grows as its
// input does, whatever the machine's load.

/** Runs `run(s)` with the string primitives counted: `reads` and `searched`. */
export function count(run: (s: string) => unknown, s: string): { reads: number; searched: number } {
  const charCodeAt = String.prototype.charCodeAt;
  const test = RegExp.prototype.test;
  const indexOf = String.prototype.indexOf;
  let reads = 0;
  let searched = 0;
  String.prototype.charCodeAt = function (this: string, i: number): number {
    reads++;
    return charCodeAt.call(this, i);
  };
  RegExp.prototype.test = function (this: RegExp, input: string): boolean {
    const from = this.lastIndex;
    const matched = test.call(this, input);
    reads += Math.max(1, this.lastIndex - from);
    return matched;
  };
  String.prototype.indexOf = function (this: string, what: string, from = 0): number {
    const found = indexOf.call(this, what, from);
    searched += Math.max(1, (found < 0 ? this.length : found) - from);
    return found;
  };
  try {
    run(s);
  } finally {
    String.prototype.charCodeAt = charCodeAt;
    RegExp.prototype.test = test;
    String.prototype.indexOf = indexOf;
  }
  return { reads, searched };
}

/** The counted work of `run(s)`: reads and searched together. */
export function work(run: (s: string) => unknown, s: string): number {
  const { reads, searched } = count(run, s);
  return reads + searched;
}
