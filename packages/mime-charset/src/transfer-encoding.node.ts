// The node build's src/transfer-encoding.ts: the same module in the form of one closure, generated
// from it by scripts/generate-closures.ts (which says why). Same code, same results; only the way V8
// reads the module's names differs.
export * from './generated/transfer-encoding-closure';
