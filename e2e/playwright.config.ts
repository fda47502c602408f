import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { licensePublicKey } from './license-keys';

export const PORT = Number(process.env.E2E_PORT ?? 8090);
export const ADMIN_PASSWORD = 'E2e-admin-password-1';
/** The S3 stand-in the server launcher starts for storage profiles (see server.mjs). */
export const S3_STANDIN = {
  port: Number(process.env.E2E_S3_PORT ?? PORT + 1),
  keyId: 'AKIAE2ESTANDIN',
  bucket: 'e2e-records',
};

/** The speech stand-in the server launcher starts for cognitive profiles (see server.mjs): the keys it takes. */
export const COGNITIVE_STANDIN = {
  microsoftKey: 'e2e-microsoft-key',
  googleKey: 'e2e-google-key',
};

/**
 * Browser tests in the system Chromium against the real server on a fresh embedded database.
 * One worker: the tests share one server and its data.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'on',
    trace: 'retain-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: 'node server.mjs',
    url: `http://127.0.0.1:${PORT}/config.json`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      LICENSE_PUBLIC_KEY: licensePublicKey(),
      E2E_S3_PORT: String(S3_STANDIN.port),
      E2E_S3_KEY_ID: S3_STANDIN.keyId,
      E2E_S3_BUCKET: S3_STANDIN.bucket,
      E2E_COGNITIVE_MICROSOFT_KEY: COGNITIVE_STANDIN.microsoftKey,
      E2E_COGNITIVE_GOOGLE_KEY: COGNITIVE_STANDIN.googleKey,
    },
  },
});
