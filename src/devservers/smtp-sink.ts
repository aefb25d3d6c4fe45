import { EventEmitter } from 'node:events';
import { ImapFlow } from 'imapflow';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { freePort } from './dovecot.js';

export interface SinkMessage {
  envelopeFrom: string;
  recipients: string[];
  raw: Buffer;
  acceptedAt: number;
  messageId: string | null;
}

export type SinkBehaviour =
  | { kind: 'accept' }
  | { kind: 'reject'; code: number; message?: string }
  | { kind: 'delay'; ms: number }
  /** Delivers and records the message, then waits before answering 250: the client may never hear it was accepted. */
  | { kind: 'deliver-then-delay'; ms: number }
  /** Waits, then answers 451 without delivering: a connection lost before the message was accepted. */
  | { kind: 'stall'; ms: number };

export interface SmtpSink {
  host: string;
  port: number;
  accepted: SinkMessage[];
  stop(): Promise<void>;
  start(): Promise<void>;
  setBehaviour(b: SinkBehaviour): void;
  waitFor(predicate: (m: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  /** Calls `fn` with each message body as soon as DATA is read, before the behaviour applies. */
  onData(fn: (raw: Buffer) => void): () => void;
}

export interface StartSmtpSinkOptions {
  imap: { host: string; port: number };
  mailboxes: Record<string, { user: string; password: string }>;
  port?: number;
  log?: (line: string) => void;
}

const HOST = '127.0.0.1';
const MAX_SIZE = 64 * 1024 * 1024;

export function parseMessageId(raw: Buffer): string | null {
  const text = raw.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const header = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const m = /^message-id:[ \t]*(.*?)\s*$/im.exec(header);
  return m?.[1] ? m[1] : null;
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

export async function startSmtpSink(opts: StartSmtpSinkOptions): Promise<SmtpSink> {
  const log = opts.log ?? (() => undefined);
  const port = opts.port ?? (await freePort());
  const mailboxes = new Map(Object.entries(opts.mailboxes).map(([addr, creds]) => [addr.toLowerCase(), creds]));
  const accepted: SinkMessage[] = [];
  const events = new EventEmitter();
  let behaviour: SinkBehaviour = { kind: 'accept' };
  let server: SMTPServer | null = null;

  // One open connection per mailbox, as a delivery agent keeps; a failed APPEND drops it and
  // retries once on a fresh one, so a Dovecot restart costs one reconnect, not a lost message.
  const clients = new Map<string, Promise<ImapFlow>>();
  const connect = (creds: { user: string; password: string }): Promise<ImapFlow> => {
    const existing = clients.get(creds.user);
    if (existing) return existing;
    const client = new ImapFlow({
      host: opts.imap.host,
      port: opts.imap.port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: creds.user, pass: creds.password },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: 5000,
      greetingTimeout: 5000,
    });
    // Without a listener a late socket error would crash the process.
    client.on('error', (err: Error) => log(`imap ${creds.user}: ${err.message}`));
    client.on('close', () => {
      if (clients.get(creds.user) === ready) clients.delete(creds.user);
    });
    const ready = client.connect().then(() => client);
    ready.catch(() => clients.delete(creds.user));
    clients.set(creds.user, ready);
    return ready;
  };
  const appendOnce = async (creds: { user: string; password: string }, content: Buffer): Promise<void> => {
    const client = await connect(creds);
    try {
      const res = await client.append('INBOX', content);
      if (!res) throw new Error('APPEND returned no result');
    } catch (err) {
      clients.delete(creds.user);
      client.close();
      throw err;
    }
  };
  const append = async (creds: { user: string; password: string }, content: Buffer): Promise<void> => {
    try {
      await appendOnce(creds, content);
    } catch {
      await appendOnce(creds, content);
    }
  };
  const closeClients = async (): Promise<void> => {
    const all = [...clients.values()];
    clients.clear();
    await Promise.allSettled(all.map(async (p) => (await p).logout().catch(() => undefined)));
  };

  const deliver = async (envelopeFrom: string, recipients: string[], raw: Buffer): Promise<void> => {
    // One copy per mailbox even when several recipient addresses map to it.
    const targets = new Map<string, { creds: { user: string; password: string }; rcpt: string }>();
    for (const rcpt of recipients) {
      const creds = mailboxes.get(rcpt.toLowerCase());
      if (creds && !targets.has(creds.user)) targets.set(creds.user, { creds, rcpt });
    }
    for (const { creds, rcpt } of targets.values()) {
      // Same trace headers a local delivery agent would add.
      const trace = Buffer.from(`Return-Path: <${envelopeFrom}>\r\nDelivered-To: ${rcpt}\r\n`, 'latin1');
      await append(creds, Buffer.concat([trace, raw]));
      log(`delivered to ${creds.user} (${rcpt})`);
    }
  };

  const onData = (stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null, message?: string) => void): void => {
    void (async () => {
      const raw = await readAll(stream);
      if (stream.sizeExceeded) return callback(smtpError(552, 'Message too big'));
      const b = behaviour;
      events.emit('data', raw);
      const mailFrom = session.envelope.mailFrom;
      const envelopeFrom = mailFrom ? mailFrom.address : '';
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      if (b.kind === 'reject') {
        log(`rejecting message from <${envelopeFrom}> with ${b.code}`);
        return callback(smtpError(b.code, b.message ?? `Rejected by test sink (${b.code})`));
      }
      if (b.kind === 'delay') await new Promise((r) => setTimeout(r, b.ms));
      if (b.kind === 'stall') {
        await new Promise((r) => setTimeout(r, b.ms));
        return callback(smtpError(451, 'Stalled by test sink'));
      }
      try {
        await deliver(envelopeFrom, recipients, raw);
      } catch (err) {
        log(`delivery failed: ${(err as Error).message}`);
        return callback(smtpError(451, `Temporary local delivery failure: ${(err as Error).message}`));
      }
      const msg: SinkMessage = { envelopeFrom, recipients, raw, acceptedAt: Date.now(), messageId: parseMessageId(raw) };
      accepted.push(msg);
      events.emit('message', msg);
      if (b.kind === 'deliver-then-delay') await new Promise((r) => setTimeout(r, b.ms));
      callback(null, 'OK: queued');
    })().catch((err: unknown) => callback(smtpError(451, String(err))));
  };

  const start = async (): Promise<void> => {
    if (server) return;
    // A new instance each time: smtp-server is not documented to support listen after close.
    const srv = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      size: MAX_SIZE,
      logger: false,
      closeTimeout: 500,
      onData,
    });
    srv.on('error', (err: Error) => log(`smtp error: ${err.message}`));
    await new Promise<void>((resolve, reject) => {
      srv.server.once('error', reject);
      srv.listen(port, HOST, () => {
        srv.server.off('error', reject);
        resolve();
      });
    });
    server = srv;
  };

  const stop = async (): Promise<void> => {
    const srv = server;
    if (!srv) return;
    server = null;
    await new Promise<void>((resolve) => srv.close(() => resolve()));
    await closeClients();
  };

  await start();

  return {
    host: HOST,
    port,
    accepted,
    start,
    stop,
    setBehaviour(b) {
      behaviour = b;
    },
    onData(fn) {
      events.on('data', fn);
      return () => events.off('data', fn);
    },
    waitFor(predicate, timeoutMs = 10_000) {
      const found = accepted.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const onMessage = (m: SinkMessage) => {
          if (!predicate(m)) return;
          clearTimeout(timer);
          events.off('message', onMessage);
          resolve(m);
        };
        const timer = setTimeout(() => {
          events.off('message', onMessage);
          reject(new Error(`smtp sink: no matching message within ${timeoutMs} ms`));
        }, timeoutMs);
        events.on('message', onMessage);
      });
    },
  };
}
