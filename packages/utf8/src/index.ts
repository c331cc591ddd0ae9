// Public entry point of @x/utf8: named exports only.
export { byteLength } from './byte-length';
