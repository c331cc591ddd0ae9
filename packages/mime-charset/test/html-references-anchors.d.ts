// Types for `he` (a devDependency of the differential tests and the benchmark), which ships none.
declare module 'he' {
  // biome-ignore lint/suspicious/noShadowRestrictedNames: he's own name for it
  export function escape(text: string): string;
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
