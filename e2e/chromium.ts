/** Debian's Chromium and the flags this machine runs it with (no downloads, no background traffic). */
export const chromiumExecutable = '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
