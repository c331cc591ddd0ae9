// @x/mime-charset/labels: label lookup alone. The WHATWG label table and the `/labels` form of
// `labelToEncoding` and `getEncoding` live in src/label-table.ts; `enableIanaLabels`, which loads
// the `iana` and `loose` modes, in src/iana-labels.ts (a bundler drops it unless it is imported).
export * from './label-table';
export { enableIanaLabels } from './iana-labels';
