// Types for `he` (a devDependency of the differential tests and the benchmark), which ships none.
declare module 'he' {
  export function decode(
    text: string,
    options?: { isAttributeValue?: boolean; strict?: boolean },
  ): string;
  export function encode(
    text: string,
    options?: {
      useNamedReferences?: boolean;
      decimal?: boolean;
      encodeEverything?: boolean;
      allowUnsafeSymbols?: boolean;
      strict?: boolean;
    },
  ): string;
}
