import fs from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's headless shell (package chromium-headless-shell): the same engine as its Chromium
 * without the browser's window layer, at about two thirds of the CPU per test. Debian's Chromium
 * itself where the shell is not installed.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * Debian's Chromium, never a downloaded browser (CHROMIUM_PATH names another). Without the
 * background-networking flags it keeps reaching for Google's hosts, which this machine's closed
 * network refuses.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
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
