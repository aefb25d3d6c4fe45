import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface DovecotUser {
  user: string;
  password: string;
}

export interface DovecotServer {
  host: string;
  port: number;
  baseDir: string;
  users: DovecotUser[];
  /** Stops the server; its mail store stays, so start() brings it back with the same mail. */
  stop(): Promise<void>;
  kill(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server for good and removes its directory (config, mail store, logs). */
  destroy(): Promise<void>;
}

export interface StartDovecotOptions {
  users: DovecotUser[];
  port?: number;
  log?: (line: string) => void;
}

const HOST = '127.0.0.1';
const TEMP_PREFIX = 'hermes-dovecot-';
const BINARY_CANDIDATES = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot', '/usr/bin/dovecot'];
const STARTUP_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;

export function dovecotBinary(): string | null {
  return BINARY_CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export async function ensureDovecotInstalled(log: (s: string) => void): Promise<boolean> {
  if (dovecotBinary()) return true;
  if (process.getuid?.() !== 0) {
    log('Dovecot is not installed. Install it with: sudo apt-get install -y dovecot-imapd');
    return false;
  }
  // policy-rc.d exit 101 keeps the package from starting the system dovecot, whose
  // port 143 listener would otherwise run next to (and outlive) our private servers.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'dovecot-imapd'], { env, encoding: 'utf8' });
  log('Installing dovecot-imapd with apt-get...');
  const policy = '/usr/sbin/policy-rc.d';
  const hadPolicy = existsSync(policy);
  if (!hadPolicy) await writeFile(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 }).catch(() => undefined);
  try {
    let res = install();
    if (res.status !== 0) {
      log('apt-get install failed, running apt-get update first...');
      spawnSync('apt-get', ['update'], { env, encoding: 'utf8' });
      res = install();
    }
    if (res.status !== 0 || !dovecotBinary()) {
      log(`apt-get install dovecot-imapd failed: ${(res.stderr || res.stdout || String(res.error ?? '')).trim().slice(-2000)}`);
      return false;
    }
    return true;
  } finally {
    if (!hadPolicy) await rm(policy, { force: true });
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function lookupId(args: string[], fallback: number): number {
  const res = spawnSync('getent', args, { encoding: 'utf8' });
  const field = res.status === 0 ? res.stdout.split(':')[2] : undefined;
  const n = field === undefined ? NaN : Number(field);
  return Number.isInteger(n) ? n : fallback;
}

// Process groups and temp dirs of every server, so a normal Node exit still cleans them up
// ('exit' handlers must be synchronous).
const liveGroups = new Set<number>();
const tempRoots = new Set<string>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const pgid of liveGroups) {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    for (const root of tempRoots) {
      try {
        rmSync(root, { recursive: true, force: true });
      } catch {
        // best effort
      }
    }
  });
}

function procState(pid: number | string): { state: string; pgrp: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command: state ppid pgrp ...
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: f[0] ?? '', pgrp: Number(f[2]) };
  } catch {
    return null;
  }
}

const procAlive = (pid: number): boolean => {
  const st = procState(pid);
  return st !== null && st.state !== 'Z' && st.state !== 'X';
};

// Killed children are reparented to PID 1, which may reap them late (here ~1 s); a zombie holds
// no sockets, so on Linux we look for non-zombie members instead of trusting kill(-pgid, 0).
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  if (!existsSync('/proc/self/stat')) return true;
  return readdirSync('/proc').some((n) => {
    if (!/^\d+$/.test(n)) return false;
    const st = procState(n);
    return st !== null && st.pgrp === pgid && st.state !== 'Z' && st.state !== 'X';
  });
}

// Workers that are killed (vitest forks, SIGKILLed daemons) never run 'exit' handlers, so each
// start sweeps temp dirs whose owning Node process is gone, killing any Dovecot still in them.
async function sweepStale(): Promise<void> {
  if (!existsSync('/proc/self/stat')) return;
  const tmp = os.tmpdir();
  const names = await readdir(tmp).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(TEMP_PREFIX))) {
    const dir = path.join(tmp, name);
    const owner = Number(await readFile(path.join(dir, 'owner.pid'), 'utf8').catch(() => ''));
    if (!Number.isInteger(owner) || owner <= 0 || procAlive(owner)) continue;
    const master = Number(await readFile(path.join(dir, 'run', 'master.pid'), 'utf8').catch(() => ''));
    const cmdline = master > 0 ? await readFile(`/proc/${master}/cmdline`, 'utf8').catch(() => '') : '';
    if (cmdline.includes(dir)) {
      try {
        process.kill(-master, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Resolves once the port sends an IMAP greeting, rejects on refusal or timeout. */
function probeGreeting(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const sock = net.connect({ host: HOST, port });
    let buf = '';
    const done = (err?: Error) => {
      sock.destroy();
      if (err) reject(err);
      else resolve();
    };
    sock.setTimeout(1000, () => done(new Error('greeting timeout')));
    sock.on('error', (err) => done(err));
    sock.on('data', (d) => {
      buf += d.toString('latin1');
      if (buf.startsWith('* OK')) done();
      else if (buf.includes('\n')) done(new Error(`unexpected greeting: ${buf.trim()}`));
    });
    sock.on('close', () => done(new Error('closed before greeting')));
  });
}

function buildConfig(o: { port: number; root: string; runAsRoot: boolean; uid: number; gid: number; userName: string; groupName: string }): string {
  const nonRoot = o.runAsRoot
    ? ''
    : `default_login_user = ${o.userName}
default_internal_user = ${o.userName}
default_internal_group = ${o.groupName}
`;
  // Non-root Dovecot cannot chroot, so those services must run unchrooted.
  const chroot = o.runAsRoot ? '' : '  chroot =\n';
  return `# generated by hermes devservers
protocols = imap
listen = ${HOST}
base_dir = ${o.root}/run
state_dir = ${o.root}/state
log_path = /dev/stderr
instance_name = hermes-dovecot-${o.port}
${nonRoot}ssl = no
auth_mechanisms = plain login
disable_plaintext_auth = no
auth_failure_delay = 0
first_valid_uid = 1
first_valid_gid = 1
passdb {
  driver = passwd-file
  args = ${o.root}/passwd
}
userdb {
  driver = static
  args = uid=${o.uid} gid=${o.gid} home=${o.root}/mail/%u
}
mail_location = maildir:~/Maildir
protocol imap {
  mail_max_userip_connections = 100
}
service imap-login {
${chroot}  inet_listener imap {
    port = ${o.port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
${chroot}  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
`;
}

export async function startDovecot(opts: StartDovecotOptions): Promise<DovecotServer> {
  const binary = dovecotBinary();
  if (!binary) throw new Error('Dovecot is not installed (sudo apt-get install -y dovecot-imapd)');
  const log = opts.log ?? (() => undefined);
  await sweepStale();
  const port = opts.port ?? (await freePort());
  const runAsRoot = process.getuid?.() === 0;
  const me = os.userInfo();
  // Mail processes refuse uid 0, so as root they run as nobody; otherwise as ourselves.
  const uid = runAsRoot ? lookupId(['passwd', 'nobody'], 65534) : me.uid;
  const gid = runAsRoot ? lookupId(['group', 'nogroup'], 65534) : me.gid;
  const groupName = runAsRoot ? 'nogroup' : (spawnSync('id', ['-gn'], { encoding: 'utf8' }).stdout.trim() || String(me.gid));

  const root = await mkdtemp(path.join(os.tmpdir(), TEMP_PREFIX));
  await writeFile(path.join(root, 'owner.pid'), String(process.pid));
  installExitHook();
  tempRoots.add(root);
  // mkdtemp makes 0700; the auth process (user dovecot) must reach the passwd file.
  await chmod(root, 0o755);
  const passwd = opts.users.map((u) => `${u.user}:{PLAIN}${u.password}::::::`).join('\n') + '\n';
  await writeFile(path.join(root, 'passwd'), passwd, { mode: 0o644 });
  const mailDir = path.join(root, 'mail');
  await mkdir(mailDir);
  for (const u of opts.users) await mkdir(path.join(mailDir, u.user), { recursive: true });
  if (runAsRoot) {
    await chown(mailDir, uid, gid);
    for (const entry of await readdir(mailDir)) await chown(path.join(mailDir, entry), uid, gid);
  }
  const configFile = path.join(root, 'dovecot.conf');
  await writeFile(configFile, buildConfig({ port, root, runAsRoot, uid, gid, userName: me.username, groupName }));

  let child: ChildProcess | null = null;
  let group: number | null = null;
  let exited: Promise<void> = Promise.resolve();

  // Signals the whole group (signalling only the master leaves sessions running for up to 10 s)
  // and waits until no live member holds the listening socket any more.
  const signalAndWait = async (sig: NodeJS.Signals, timeoutMs: number): Promise<boolean> => {
    const pgid = group;
    if (pgid === null) return true;
    try {
      process.kill(-pgid, sig);
    } catch {
      // group already gone
    }
    const deadline = Date.now() + timeoutMs;
    let masterGone = false;
    void exited.then(() => (masterGone = true));
    while ((!masterGone || groupAlive(pgid)) && Date.now() < deadline) await sleep(10);
    if (!masterGone || groupAlive(pgid)) return false;
    group = null;
    liveGroups.delete(pgid);
    return true;
  };

  const start = async (): Promise<void> => {
    if (child) return;
    // A SIGKILLed master leaves its pid file behind; a recycled pid would make dovecot refuse to start.
    await rm(path.join(root, 'run', 'master.pid'), { force: true });
    const tail: string[] = [];
    const proc = spawn(binary, ['-F', '-c', configFile], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    child = proc;
    let pending = '';
    proc.stderr?.setEncoding('utf8');
    proc.stderr?.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        tail.push(line);
        if (tail.length > 30) tail.shift();
        log(line);
      }
    });
    // Don't let the server (or its log pipe) keep the Node process alive.
    proc.unref();
    (proc.stderr as unknown as { unref?: () => void } | null)?.unref?.();
    let exitInfo: string | null = null;
    exited = new Promise<void>((resolve) => {
      proc.once('exit', (code, signal) => {
        exitInfo = `code=${code} signal=${signal}`;
        if (child === proc) child = null;
        resolve();
      });
    });
    proc.once('error', (err) => {
      exitInfo = String(err);
      if (child === proc) child = null;
    });
    if (proc.pid) {
      group = proc.pid;
      liveGroups.add(proc.pid);
    }

    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    for (;;) {
      if (exitInfo) throw new Error(`dovecot exited during startup (${exitInfo}):\n${tail.join('\n')}`);
      try {
        await probeGreeting(port);
        return;
      } catch (err) {
        if (Date.now() > deadline) {
          await signalAndWait('SIGKILL', 1000);
          throw new Error(`dovecot did not greet on ${HOST}:${port}: ${String(err)}\n${tail.join('\n')}`);
        }
        await sleep(25);
      }
    }
  };

  await start();

  const stop = async () => {
    if (!(await signalAndWait('SIGTERM', STOP_TIMEOUT_MS))) await signalAndWait('SIGKILL', STOP_TIMEOUT_MS);
  };
  return {
    host: HOST,
    port,
    baseDir: root,
    users: opts.users,
    start,
    stop,
    async kill() {
      await signalAndWait('SIGKILL', STOP_TIMEOUT_MS);
    },
    async destroy() {
      await stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
