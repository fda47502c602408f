// Real local mail servers for the email profile tests (API and browser): Debian's Dovecot for
// IMAP, started with a temporary configuration on a free port (passwd-file users, maildirs under
// a temporary folder, no system service), and an SMTP server from npm (smtp-server) in-process.
// Plain ESM: the API tests and the browser tests' server launcher start them. Neither speaks TLS:
// the product upgrades by STARTTLS only when a server offers it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const HOST = '127.0.0.1';

/** Where Dovecot is: DOVECOT_BIN, else the Debian package's path, else the PATH. */
export function dovecotBinary() {
  const candidates = [process.env.DOVECOT_BIN, '/usr/sbin/dovecot'].filter(Boolean);
  for (const file of candidates) if (fs.existsSync(file)) return file;
  const found = spawnSync('sh', ['-c', 'command -v dovecot'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  // The tests fail here rather than skip: .ci/run installs the package.
  throw new Error('Dovecot is not installed (Debian package dovecot-imapd): the email profile tests need it');
}

/** A port nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Waits until something answers on the port with a greeting line. */
async function waitForGreeting(port, deadlineMs, logFile) {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const greeted = await new Promise((resolve) => {
      const socket = net.connect(port, HOST);
      socket.setTimeout(1000);
      socket.once('data', (data) => {
        socket.destroy();
        resolve(String(data).startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (greeted) return;
    if (Date.now() > until) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`Dovecot did not start on port ${port}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The uid and gid mail is kept under: one's own, or nobody's when running as root (Dovecot refuses root). */
function mailOwner() {
  const uid = process.getuid?.() ?? 0;
  if (uid !== 0) return { uid, gid: process.getgid?.() ?? uid, user: os.userInfo().username };
  return { uid: 65534, gid: 65534, user: null };
}

/**
 * Starts Dovecot (IMAP only) for `users` ([{user, password}]). Answers {host, port, users, close}.
 */
export async function startDovecot({ users = [{ user: 'agent', password: 'secret' }], port = 0 } = {}) {
  const binary = dovecotBinary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-dovecot-'));
  fs.chmodSync(dir, 0o755);
  const mailDir = path.join(dir, 'mail');
  fs.mkdirSync(mailDir, { mode: 0o777 });
  fs.chmodSync(mailDir, 0o777);
  const owner = mailOwner();
  if (owner.user === null) fs.chownSync(mailDir, owner.uid, owner.gid);
  const listen = port || (await freePort());
  fs.writeFileSync(path.join(dir, 'users'), users.map((u) => `${u.user}:{PLAIN}${u.password}::::::\n`).join(''));
  const logFile = path.join(dir, 'dovecot.log');
  // As another user than root, Dovecot's own processes run as that user too.
  const asUser = owner.user ? `default_login_user = ${owner.user}\ndefault_internal_user = ${owner.user}\n` : '';
  const config = `
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = switchboard-test-${path.basename(dir)}
log_path = ${logFile}
protocols = imap
listen = ${HOST}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = 1
mail_location = maildir:${mailDir}/%u
${asUser}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${mailDir}/%u
}
service imap-login {
  inet_listener imap {
    address = ${HOST}
    port = ${listen}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
`;
  const configFile = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(configFile, config);
  fs.chmodSync(configFile, 0o644);
  const child = spawn(binary, ['-F', '-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Whatever way this process ends, its Dovecot ends with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    await Promise.race([
      waitForGreeting(listen, 15_000, logFile),
      exited.then((code) => {
        throw new Error(`Dovecot exited (${code}): ${output}`);
      }),
    ]);
  } catch (error) {
    process.removeListener('exit', killOnExit);
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    host: HOST,
    port: listen,
    users,
    dir,
    close: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts an SMTP server (no TLS, AUTH PLAIN and LOGIN) for `users`. Messages it accepts are kept
 * in `messages` ({from, to, data}). Answers {host, port, users, messages, close}.
 */
export async function startSmtpServer({ users = [{ user: 'agent', password: 'secret' }], port = 0 } = {}) {
  const messages = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      const known = users.find((u) => u.user === auth.username && u.password === auth.password);
      if (!known) return callback(new Error('Invalid username or password'));
      return callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom?.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.on('error', () => {});
  const listen = port || (await freePort());
  await new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(listen, HOST, resolve);
  });
  return {
    host: HOST,
    port: listen,
    users,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Both servers for the same users: `{imap, smtp, close}`. */
export async function startMailServers(options = {}) {
  const imap = await startDovecot({ users: options.users, port: options.imapPort });
  let smtp;
  try {
    smtp = await startSmtpServer({ users: options.users, port: options.smtpPort });
  } catch (error) {
    await imap.close();
    throw error;
  }
  return {
    imap,
    smtp,
    close: async () => {
      await Promise.all([imap.close(), smtp.close()]);
    },
  };
}
