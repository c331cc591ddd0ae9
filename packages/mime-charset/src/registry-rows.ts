// The joined registry's rows, split into columns: read by `lookup` and by the `iana` label mode.
import { REGISTRY } from './generated/registry';

/** One row: IANA name, MIBenum, preferred MIME name, aliases (`,`-joined), WHATWG name, codec; `''` when absent. */
export type RegistryRow = [
  name: string,
  mib: string,
  preferred: string,
  aliases: string,
  whatwg: string,
  codec: string,
];

/** Every row of the joined registry, in registry order. */
export function registryRows(): RegistryRow[] {
  return REGISTRY.split(';').map((row) => row.split('|') as RegistryRow);
}
