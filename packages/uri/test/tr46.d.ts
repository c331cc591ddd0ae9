// tr46 ships no types; the UTS #46 differential test uses its two functions.
declare module 'tr46' {
  export interface Tr46Options {
    checkBidi?: boolean;
    checkHyphens?: boolean;
    checkJoiners?: boolean;
    useSTD3ASCIIRules?: boolean;
    transitionalProcessing?: boolean;
    verifyDNSLength?: boolean;
    ignoreInvalidPunycode?: boolean;
  }
  export function toASCII(domain: string, options?: Tr46Options): string | null;
  export function toUnicode(
    domain: string,
    options?: Tr46Options,
  ): { domain: string; error: boolean };
}
