import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEmail } from '../../../src/parse/parse-email.js';
import { classifyMachineMail, type MachineRule } from '../../../src/safety/machine-mail.js';

const OWN = ['hermes@example.test', 'jobs-fwd@example.test'];

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url));

/**
 * A small raw recruiter message; `extra` headers are added and `from` replaced so each rule is
 * exercised on its own, through the real parser.
 */
function eml(opts: { from?: string | null; extra?: string[]; contentType?: string; body?: string } = {}): Buffer {
  const from = opts.from === undefined ? 'Dana Recruiter <dana.recruiter@talentco.example>' : opts.from;
  const lines = [
    ...(from === null ? [] : [`From: ${from}`]),
    'To: hermes@example.test',
    'Subject: Backend role at TalentCo',
    'Date: Tue, 04 Jun 2024 09:15:00 +0000',
    'Message-ID: <rule-test@talentco.example>',
    ...(opts.extra ?? []),
    'MIME-Version: 1.0',
    `Content-Type: ${opts.contentType ?? 'text/plain; charset=utf-8'}`,
    '',
    opts.body ?? 'Hi Alex, are you open to a new role?',
    '',
  ];
  return Buffer.from(lines.join('\r\n'));
}

async function classify(raw: Buffer) {
  return classifyMachineMail(await parseEmail(raw), OWN);
}

async function expectRule(raw: Buffer, rule: MachineRule) {
  const v = await classify(raw);
  expect(v.isMachine).toBe(true);
  expect(v.reason).toBe(rule);
  expect(v.detail).toEqual(expect.any(String));
  return v;
}

describe('classifyMachineMail: human mail', () => {
  it('an ordinary recruiter mail is human', async () => {
    expect(await classify(eml())).toEqual({ isMachine: false, reason: null, detail: null });
  });

  it.each(['recruiter/plain-first-contact.eml', 'recruiter/html-only-first-contact.eml', 'recruiter/thread-reply-gmail-quote.eml', 'recruiter/reply-to-differs.eml'])(
    'fixture %s is human',
    async (name) => {
      expect(await classify(fixture(name))).toEqual({ isMachine: false, reason: null, detail: null });
    },
  );

  it('Auto-Submitted: no is human', async () => {
    expect((await classify(eml({ extra: ['Auto-Submitted: no'] }))).isMachine).toBe(false);
  });

  it('Auto-Submitted: No ; with a comment is still human', async () => {
    expect((await classify(eml({ extra: ['Auto-Submitted: No; (sent by a person)'] }))).isMachine).toBe(false);
  });

  it('Precedence: first-class is not bulk', async () => {
    expect((await classify(eml({ extra: ['Precedence: first-class'] }))).isMachine).toBe(false);
  });

  it('a normal Return-Path is fine', async () => {
    expect((await classify(eml({ extra: ['Return-Path: <dana.recruiter@talentco.example>'] }))).isMachine).toBe(false);
  });

  it('a local part that merely contains "noreply" or "postmaster" is human', async () => {
    expect((await classify(eml({ from: 'Nora Eply <nora.eply@talentco.example>' }))).isMachine).toBe(false);
    expect((await classify(eml({ from: 'Pat <pat.postmaster.fan@talentco.example>' }))).isMachine).toBe(false);
  });
});

describe('classifyMachineMail: one test per rule', () => {
  it('Auto-Submitted: auto-replied', async () => {
    const v = await expectRule(eml({ extra: ['Auto-Submitted: auto-replied'] }), 'auto-submitted');
    expect(v.detail).toBe('Auto-Submitted: auto-replied');
  });

  it('Auto-Submitted: auto-generated with parameters', async () => {
    await expectRule(eml({ extra: ['Auto-Submitted: auto-generated; owner-email="ops@talentco.example"'] }), 'auto-submitted');
  });

  it('multipart/report delivery status notification', async () => {
    const boundary = 'dsn-b';
    const body = [
      `--${boundary}`,
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      `--${boundary}`,
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.org',
      '',
      'Final-Recipient: rfc822; gone@talentco.example',
      'Action: failed',
      'Status: 5.1.1',
      `--${boundary}--`,
    ].join('\r\n');
    const v = await expectRule(
      eml({ from: 'Mail System <mail@mx.example.org>', contentType: `multipart/report; report-type=delivery-status; boundary="${boundary}"`, body }),
      'delivery-report',
    );
    expect(v.detail).toBe('multipart/report');
  });

  it('Return-Path: <>', async () => {
    await expectRule(eml({ extra: ['Return-Path: <>'] }), 'null-return-path');
  });

  it('Return-Path: < > with inner space', async () => {
    await expectRule(eml({ extra: ['Return-Path: < >'] }), 'null-return-path');
  });

  it('MAILER-DAEMON sender', async () => {
    const v = await expectRule(eml({ from: 'Mail Delivery System <MAILER-DAEMON@mx.example.org>' }), 'bounce-sender');
    expect(v.detail).toBe('mailer-daemon@');
  });

  it('postmaster sender', async () => {
    await expectRule(eml({ from: 'postmaster@example.org' }), 'bounce-sender');
  });

  it('List-Id header', async () => {
    const v = await expectRule(eml({ extra: ['List-Id: Tech Jobs <techjobs.lists.example.org>'] }), 'list-mail');
    expect(v.detail).toBe('list-id header');
  });

  it('List-Unsubscribe header', async () => {
    const v = await expectRule(eml({ extra: ['List-Unsubscribe: <mailto:unsubscribe@lists.example.org>'] }), 'list-mail');
    expect(v.detail).toBe('list-unsubscribe header');
  });

  it.each(['bulk', 'list', 'junk', 'Bulk'])('Precedence: %s', async (value) => {
    const v = await expectRule(eml({ extra: [`Precedence: ${value}`] }), 'bulk-precedence');
    expect(v.detail).toBe(`Precedence: ${value.toLowerCase()}`);
  });

  it('X-Autoreply header', async () => {
    const v = await expectRule(eml({ extra: ['X-Autoreply: yes'] }), 'autoreply-header');
    expect(v.detail).toBe('x-autoreply header');
  });

  it('X-Autorespond header', async () => {
    const v = await expectRule(eml({ extra: ['X-Autorespond: Out of office'] }), 'autoreply-header');
    expect(v.detail).toBe('x-autorespond header');
  });

  it.each(['noreply@talentco.example', 'no-reply@talentco.example', 'donotreply@talentco.example', 'do-not-reply@talentco.example', 'No_Reply@talentco.example', 'noreply+jobs@talentco.example'])(
    'no-reply sender %s',
    async (address) => {
      await expectRule(eml({ from: `TalentCo Careers <${address}>` }), 'no-reply-sender');
    },
  );

  it('mail from one of our own addresses (any case)', async () => {
    await expectRule(eml({ from: 'Alex Owner <Hermes@Example.TEST>' }), 'own-address');
    await expectRule(eml({ from: 'jobs-fwd@example.test' }), 'own-address');
  });

  it('missing From', async () => {
    const v = await expectRule(eml({ from: null }), 'missing-sender');
    expect(v.detail).toBe('no From address');
  });

  it('From with no address (display name only)', async () => {
    await expectRule(eml({ from: 'Undisclosed Sender' }), 'missing-sender');
  });
});

describe('classifyMachineMail: precedence between rules', () => {
  it('missing sender is reported before anything else', async () => {
    expect((await classify(eml({ from: null, extra: ['Auto-Submitted: auto-replied'] }))).reason).toBe('missing-sender');
  });

  it('own address is reported before auto-submitted', async () => {
    expect((await classify(eml({ from: 'hermes@example.test', extra: ['Auto-Submitted: auto-replied'] }))).reason).toBe('own-address');
  });

  it('auto-submitted is reported before list headers', async () => {
    expect((await classify(eml({ extra: ['List-Id: <x.example.org>', 'Auto-Submitted: auto-generated'] }))).reason).toBe('auto-submitted');
  });
});

describe('classifyMachineMail: machine fixtures', () => {
  it.each<[string, MachineRule]>([
    ['machine/out-of-office.eml', 'auto-submitted'],
    ['machine/dsn-bounce.eml', 'delivery-report'],
    ['machine/list-mail.eml', 'list-mail'],
    ['machine/no-reply-notification.eml', 'no-reply-sender'],
  ])('%s is machine mail (%s)', async (name, rule) => {
    await expectRule(fixture(name), rule);
  });
});
