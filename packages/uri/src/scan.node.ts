// The node build's scanner: src/scan.ts in the form of one closure, generated from it by
// scripts/generate-scan-closure.ts (which says why). Same code, same results; only the way V8
// reads the scanner's names differs.
export * from './generated/scan-closure';
