import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { simpleParser } from 'mailparser';
import { startDovecot, type DovecotServer } from './dovecot.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

export interface MailAccount {
  address: string;
  user: string;
  password: string;
}

export interface ReceivedMail {
  uid: number;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  from: string | null;
  text: string;
  autoSubmitted: string | null;
  seen: boolean;
}

/**
 * A private mail system on 127.0.0.1: Dovecot holding a mailbox for Hermes and one for a
 * recruiter, and an SMTP relay that delivers into them. Used by the demo, the benchmarks and
 * the integration tests.
 */
export interface LocalMail {
  dovecot: DovecotServer;
  sink: SmtpSink;
  hermes: MailAccount;
  recruiter: MailAccount;
  owner: MailAccount;
  workDir: string;
  /** Settings that point Hermes at this mail system (merge over your own). */
  hermesEnv(extra?: Record<string, string>): Record<string, string>;
  /** Sends a mail through the relay, as the recruiter by default. */
  send(mail: { from?: string; to?: string; subject: string; text: string; html?: string; inReplyTo?: string; references?: string; headers?: Record<string, string>; messageId?: string; replyTo?: string }): Promise<string>;
  /** APPENDs a raw message straight into a mailbox, as a delivery agent would. */
  append(account: MailAccount, raw: Buffer | string): Promise<void>;
  /** Reads every message in an account's INBOX (BODY.PEEK, so nothing is marked read). */
  inbox(account: MailAccount): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

export async function startLocalMail(opts: { log?: (line: string) => void } = {}): Promise<LocalMail> {
  const hermes: MailAccount = { address: 'hermes@example.test', user: 'hermes', password: 'hermes-pass' };
  const recruiter: MailAccount = { address: 'dana.recruiter@talentco.example', user: 'recruiter', password: 'recruiter-pass' };
  const owner: MailAccount = { address: 'owner@example.test', user: 'owner', password: 'owner-pass' };
  const accounts = [hermes, recruiter, owner];
  const dovecot = await startDovecot({ users: accounts.map((a) => ({ user: a.user, password: a.password })), log: opts.log });
  const sink = await startSmtpSink({
    imap: { host: dovecot.host, port: dovecot.port },
    mailboxes: Object.fromEntries(accounts.map((a) => [a.address, { user: a.user, password: a.password }])),
    log: opts.log,
  });
  const workDir = mkdtempSync(path.join(tmpdir(), 'hermes-work-'));
  const transport = nodemailer.createTransport({ host: sink.host, port: sink.port, secure: false, ignoreTLS: true });

  const imapClient = (account: MailAccount) =>
    new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: account.user, pass: account.password }, logger: false });

  return {
    dovecot,
    sink,
    hermes,
    recruiter,
    owner,
    workDir,
    hermesEnv(extra = {}) {
      return {
        HERMES_ADDRESS: hermes.address,
        HERMES_FROM_NAME: 'Alex Example',
        IMAP_HOST: dovecot.host,
        IMAP_PORT: String(dovecot.port),
        IMAP_SECURE: 'false',
        IMAP_USER: hermes.user,
        IMAP_PASSWORD: hermes.password,
        IMAP_IDLE_DELAY_MS: '0',
        SMTP_HOST: sink.host,
        SMTP_PORT: String(sink.port),
        SMTP_TLS: 'none',
        DATABASE_PATH: path.join(workDir, 'hermes.sqlite'),
        HTTP_HOST: '127.0.0.1',
        HTTP_PORT: '0',
        ...extra,
      };
    },
    async send(mail) {
      const info = await transport.sendMail({
        from: mail.from ?? `Dana Recruiter <${recruiter.address}>`,
        to: mail.to ?? hermes.address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        inReplyTo: mail.inReplyTo,
        references: mail.references,
        headers: mail.headers,
        messageId: mail.messageId,
        replyTo: mail.replyTo,
      });
      return info.messageId;
    },
    async append(account, raw) {
      const client = imapClient(account);
      client.on('error', () => undefined);
      await client.connect();
      try {
        await client.append('INBOX', typeof raw === 'string' ? Buffer.from(raw) : raw);
      } finally {
        await client.logout().catch(() => undefined);
      }
    },
    async inbox(account) {
      const client = imapClient(account);
      client.on('error', () => undefined);
      await client.connect();
      const out: ReceivedMail[] = [];
      try {
        const box = await client.mailboxOpen('INBOX', { readOnly: true });
        if (box.exists === 0) return out;
        for await (const msg of client.fetch('1:*', { uid: true, source: true, flags: true })) {
          if (!msg.source) continue;
          const parsed = await simpleParser(msg.source);
          const refs = parsed.references;
          const autoSubmitted = parsed.headers.get('auto-submitted');
          out.push({
            uid: msg.uid,
            messageId: parsed.messageId ?? null,
            inReplyTo: parsed.inReplyTo ?? null,
            references: Array.isArray(refs) ? refs : refs ? refs.split(/\s+/) : [],
            subject: parsed.subject ?? '',
            from: parsed.from?.value[0]?.address?.toLowerCase() ?? null,
            text: parsed.text ?? '',
            autoSubmitted: typeof autoSubmitted === 'string' ? autoSubmitted : null,
            seen: msg.flags?.has('\\Seen') ?? false,
          });
        }
      } finally {
        await client.logout().catch(() => undefined);
      }
      return out;
    },
    async stop() {
      transport.close();
      await sink.stop();
      await dovecot.destroy();
      // The daemon's database lived here; nothing outlives the servers.
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
