// Starts the real Switchboard server for the browser tests: a fresh data folder every run, the
// console and the server built from the current sources first (E2E_NO_BUILD=1 skips the build).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_NODE_FLAGS } from '../packages/server/build.mjs';
import { startCognitiveStandin } from '../packages/server/test/support/cognitive-standin.mjs';
import { startFlowRunnerStandin } from '../packages/server/test/support/flow-runner-standin.mjs';
import { startGraphStandin } from '../packages/server/test/support/graph-standin.mjs';
import { startMailServers } from '../packages/server/test/support/mail-servers.mjs';
import { startS3Standin } from '../packages/server/test/support/s3-standin.mjs';
import { startStorageProvidersStandin } from '../packages/server/test/support/storage-providers-standin.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.env.E2E_NO_BUILD !== '1') {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// The chat gateways' provider (Graph API and its dialog) is a local stand-in during browser tests.
const graph = await startGraphStandin(0);
// Storage profiles of type S3 point at a local stand-in on a port the tests know (E2E_S3_PORT).
const s3 = await startS3Standin({
  port: Number(process.env.E2E_S3_PORT ?? 0),
  keyId: process.env.E2E_S3_KEY_ID,
  bucket: process.env.E2E_S3_BUCKET,
});
// Email profiles sign in to real local servers: Dovecot (IMAP) and an SMTP server, on known ports.
const mail = await startMailServers({
  users: [{ user: process.env.E2E_MAIL_USER ?? 'e2e-support', password: process.env.E2E_MAIL_PASSWORD ?? 'e2e' }],
  imapPort: Number(process.env.E2E_IMAP_PORT ?? 0),
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 0),
});
// Backblaze, Dropbox and Drive profiles reach a local stand-in on any free port (the server gets its URLs).
const providers = await startStorageProvidersStandin({
  dropbox: { token: process.env.E2E_DROPBOX_TOKEN },
  b2: {
    account: process.env.E2E_B2_ACCOUNT,
    key: process.env.E2E_B2_KEY,
    bucket: process.env.E2E_B2_BUCKET,
    bucketId: process.env.E2E_B2_BUCKET_ID,
  },
});
// Trigger runs (and fetched emails) are handed to a local flow runner stand-in, on a port the
// system picks so that it collides with nothing; the variables runnerDelayMs and runnerFail steer it.
const flowRunnerSecret = 'e2e-flow-runner-secret';
const flowRunner = await startFlowRunnerStandin({ secret: flowRunnerSecret });
// Cognitive profiles' providers (Microsoft and Google speech) are a local stand-in on a free port.
const cognitive = await startCognitiveStandin({
  microsoftKey: process.env.E2E_COGNITIVE_MICROSOFT_KEY,
  googleKey: process.env.E2E_COGNITIVE_GOOGLE_KEY,
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-e2e-'));
// One domain per Playwright worker (E2E_DOMAINS), each with its own `admin`, made with the admin CLI
// before the server holds the embedded database. With domains there, the server makes no default one.
const { runCli } = await import(pathToFileURL(path.join(root, 'packages/server/dist/cli.js')).href);
for (const domain of (process.env.E2E_DOMAINS ?? '').split(',').filter(Boolean)) {
  const code = await runCli(
    ['create-domain', domain, '--admin-password', process.env.ADMIN_PASSWORD ?? ''],
    { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    { out: () => {}, err: (line) => process.stderr.write(`${line}\n`) },
  );
  if (code !== 0) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(code);
  }
}
const server = spawn('node', [...SERVER_NODE_FLAGS, path.join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    GRAPH_API_URL: graph.url,
    GRAPH_DIALOG_URL: graph.dialogUrl,
    ...providers.env,
    FLOW_RUNNER_URL: flowRunner.url,
    FLOW_RUNNER_SECRET: flowRunnerSecret,
    COGNITIVE_MICROSOFT_TTS_URL: cognitive.config.microsoftTtsUrl,
    COGNITIVE_MICROSOFT_STT_URL: cognitive.config.microsoftSttUrl,
    COGNITIVE_GOOGLE_TTS_URL: cognitive.config.googleTtsUrl,
    COGNITIVE_GOOGLE_STT_URL: cognitive.config.googleSttUrl,
    // Dialogs return to the address the browser uses for the console.
    PUBLIC_URL: `http://127.0.0.1:${process.env.PORT}`,
    // Phones register with the SIP server run beside the console (Kamailio, started by the server
    // itself), on a loopback port the tests know; README "Phones and gateways".
    SIP_PORT: process.env.E2E_SIP_PORT ?? '',
    SIP_HOST: '127.0.0.1',
    SIP_CHILDREN: '2',
    // The S3 and mail stand-ins listen on loopback: the outbound policy lets exactly them through.
    OUTBOUND_ALLOW: [
      new URL(s3.url).host,
      `${mail.imap.host}:${mail.imap.port}`,
      `${mail.smtp.host}:${mail.smtp.port}`,
    ].join(','),
  },
});
const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanUp();
  graph.close();
  s3.close();
  providers.close();
  flowRunner.close();
  cognitive.close();
  mail.close().finally(() => process.exit(code ?? 0));
});
