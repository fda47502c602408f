import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium, never a downloaded browser. Without the background-networking flags it keeps
 * reaching for Google's hosts, which this machine's closed network refuses.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
