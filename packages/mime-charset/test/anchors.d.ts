// Types for the anchors (devDependencies) that ship none; used by differential tests and benchmarks.
declare module 'whatwg-mimetype' {
  export class MIMEType {
    static parse(input: string): MIMEType | null;
    readonly essence: string;
    readonly parameters: Map<string, string>;
  }
}
declare module 'whatwg-encoding' {
  export function labelToName(label: string): string | null;
}
declare module 'html-encoding-sniffer' {
  function sniff(
    bytes: Uint8Array,
    options?: {
      transportLayerEncodingLabel?: string;
      defaultEncoding?: string;
      maxPrescanBytes?: number;
    },
  ): string;
  export = sniff;
}
