// How every browser test here starts Chromium: Debian's package (scripts/ensure-chromium.sh installs
// it), headless, with the switches that keep it off the network and quiet in a container.

/** Where Debian's `chromium` package puts the browser. */
export const chromiumPath = '/usr/bin/chromium';

/** Command-line switches for a headless run without a sandbox, GPU, network chatter or first-run UI. */
export const chromiumArgs: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];
