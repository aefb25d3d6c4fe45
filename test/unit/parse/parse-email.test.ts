import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEmail, peekMessageId } from '../../../src/parse/parse-email.js';
import { headerValue } from '../../../src/parse/inbound-email.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url));

/** Joins header lines and body with CRLF; `body` may be a Buffer holding raw charset bytes. */
function raw(headers: string[], body: string | Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${headers.join('\r\n')}\r\n\r\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body, 'utf8') : body]);
}
const base = ['From: Dana Recruiter <dana.recruiter@talentco.example>', 'To: hermes@example.test', 'Subject: Role', 'MIME-Version: 1.0'];

describe('parseEmail: recruiter fixtures', () => {
  it('plain first contact: addresses, ids, date, text and signature', async () => {
    const e = await parseEmail(fixture('recruiter/plain-first-contact.eml'));
    expect(e.from).toEqual({ address: 'dana.recruiter@talentco.example', name: 'Dana Recruiter' });
    expect(e.to).toEqual([{ address: 'hermes@example.test', name: 'Alex Owner' }]);
    expect(e.cc).toEqual([]);
    expect(e.replyTo).toEqual([]);
    expect(e.subject).toBe('Senior Backend Engineer role at TalentCo');
    expect(e.messageId).toBe('<first-contact.0001@talentco.example>');
    expect(e.inReplyTo).toBeNull();
    expect(e.references).toEqual([]);
    expect(e.date).toBe('2024-06-04T09:15:00.000Z');
    expect(e.text.startsWith('Hi Alex,')).toBe(true);
    expect(e.text.endsWith('Dana')).toBe(true);
    expect(e.signature).toContain('Senior Technical Recruiter, TalentCo');
    expect(e.quotedText).toBe('');
    expect(e.fromHtml).toBe(false);
    expect(e.contentType).toBe('text/plain');
    expect(headerValue(e, 'Delivered-To')).toBe('hermes@example.test');
  });

  it('HTML-only mail becomes readable text and is flagged fromHtml', async () => {
    const e = await parseEmail(fixture('recruiter/html-only-first-contact.eml'));
    expect(e.contentType).toBe('text/html');
    expect(e.text).toContain('Hello Alex,');
    expect(e.text).toContain('Staff Engineer');
    expect(e.text).toContain('Go & Kubernetes'); // entities decoded
    expect(e.text).toContain('€95k'); // quoted-printable UTF-8 decoded
    expect(e.text).toContain('Hybrid, 2 days on-site');
    expect(e.text).not.toMatch(/<\/?[a-z][^>]*>/i);
    expect(e.text).not.toContain('&amp;');
    expect(e.text).not.toContain('font-family'); // <style> content is not text
    expect(e.fromHtml).toBe(true);
  });

  it('thread reply: In-Reply-To, folded References and Gmail quote', async () => {
    const e = await parseEmail(fixture('recruiter/thread-reply-gmail-quote.eml'));
    expect(e.inReplyTo).toBe('<hermes.reply.0001@example.test>');
    expect(e.references).toEqual(['<first-contact.0001@talentco.example>', '<hermes.reply.0001@example.test>']);
    expect(e.contentType).toBe('multipart/alternative');
    expect(e.fromHtml).toBe(false);
    expect(e.text).toContain('EUR 90-110k');
    expect(e.text).not.toContain('wrote:');
    expect(e.text).not.toContain('>');
    expect(e.quotedText.startsWith('On Wed, 5 Jun 2024 at 10:02, Alex Owner <hermes@example.test> wrote:')).toBe(true);
    expect(e.headers.references).toEqual(['<first-contact.0001@talentco.example> <hermes.reply.0001@example.test>']);
  });

  it('Reply-To different from From', async () => {
    const e = await parseEmail(fixture('recruiter/reply-to-differs.eml'));
    expect(e.from?.address).toBe('morgan.sourcer@staffing.example');
    expect(e.replyTo).toEqual([{ address: 'morgan.private@talentco.example', name: 'Morgan Sourcer' }]);
    expect(e.date).toBe('2024-06-07T15:45:00.000Z');
  });
});

describe('parseEmail: charsets', () => {
  it('ISO-8859-1 body', async () => {
    const body = Buffer.from('4772fcdf6520617573204dfc6e6368656e2c204672616ee76f6973', 'hex');
    const e = await parseEmail(raw([...base, 'Content-Type: text/plain; charset=ISO-8859-1', 'Content-Transfer-Encoding: 8bit'], body));
    expect(e.text).toBe('Grüße aus München, François');
  });

  it('Windows-1252 body (curly quotes, euro sign, em dash)', async () => {
    const body = Buffer.from('436166e9209371756f7465649420803130302097206e61ef7665', 'hex');
    const e = await parseEmail(raw([...base, 'Content-Type: text/plain; charset=windows-1252', 'Content-Transfer-Encoding: 8bit'], body));
    expect(e.text).toBe('Café “quoted” €100 — naïve');
  });

  it('Shift_JIS body', async () => {
    const body = Buffer.from('82b182f182c982bf82cd81418dcc97709253939682cc9363928682c582b78142', 'hex');
    const e = await parseEmail(raw([...base, 'Content-Type: text/plain; charset=Shift_JIS', 'Content-Transfer-Encoding: 8bit'], body));
    expect(e.text).toBe('こんにちは、採用担当の田中です。');
  });

  it('ISO-2022-JP body', async () => {
    const body = Buffer.from('1b2442252825732538254b25224a673d38244e2434304646621b2842', 'hex');
    const e = await parseEmail(raw([...base, 'Content-Type: text/plain; charset=ISO-2022-JP', 'Content-Transfer-Encoding: 7bit'], body));
    expect(e.text).toBe('エンジニア募集のご案内');
  });

  it('quoted-printable UTF-8 body', async () => {
    const e = await parseEmail(raw([...base, 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable'], 'Z=C3=BCrich, soft=\r\nbreak'));
    expect(e.text).toBe('Zürich, softbreak');
  });
});

describe('parseEmail: headers', () => {
  it('RFC 2047 encoded-word subjects (B and Q, adjacent words joined)', async () => {
    const e = await parseEmail(
      raw(
        ['From: =?UTF-8?Q?Zo=C3=AB_M=C3=BCller?= <zoe.mueller@talentco.example>', 'To: hermes@example.test', 'Subject: =?UTF-8?B?UsO0bGUgw6AgWsO8cmljaA==?= =?ISO-8859-1?Q?_Gen=E8ve?='],
        'hi',
      ),
    );
    expect(e.subject).toBe('Rôle à Zürich Genève');
    expect(e.from).toEqual({ address: 'zoe.mueller@talentco.example', name: 'Zoë Müller' });
  });

  it('Japanese ISO-2022-JP encoded-word subject', async () => {
    const e = await parseEmail(raw(['From: a@talentco.example', 'Subject: =?ISO-2022-JP?B?GyRCJSglcyU4JUslIkpnPTgkTiQ0MEZGYhsoQg==?='], 'x'));
    expect(e.subject).toBe('エンジニア募集のご案内');
  });

  it('Reply-To with several addresses keeps them in order, lower-cased', async () => {
    const e = await parseEmail(raw([...base, 'Reply-To: "Dana (direct)" <Dana.Direct@TalentCo.example>, team@talentco.example'], 'x'));
    expect(e.replyTo).toEqual([
      { address: 'dana.direct@talentco.example', name: 'Dana (direct)' },
      { address: 'team@talentco.example', name: '' },
    ]);
  });

  it('group syntax in To is flattened', async () => {
    const e = await parseEmail(raw(['From: a@talentco.example', 'To: Hiring: hermes@example.test, b@example.org;', 'Cc: c@example.org'], 'x'));
    expect(e.to.map((a) => a.address)).toEqual(['hermes@example.test', 'b@example.org']);
    expect(e.cc.map((a) => a.address)).toEqual(['c@example.org']);
  });

  it('References and In-Reply-To are normalised with angle brackets', async () => {
    const e = await parseEmail(
      raw(
        [
          'From: a@talentco.example',
          'Message-ID: no-brackets@talentco.example',
          'In-Reply-To: abc.123@example.test',
          'References: first@example.test',
          ' <second@example.test>  third@example.test',
        ],
        'x',
      ),
    );
    expect(e.messageId).toBe('<no-brackets@talentco.example>');
    expect(e.inReplyTo).toBe('<abc.123@example.test>');
    expect(e.references).toEqual(['<first@example.test>', '<second@example.test>', '<third@example.test>']);
  });

  it('In-Reply-To with a comment keeps only the id', async () => {
    const e = await parseEmail(raw(['From: a@talentco.example', 'In-Reply-To: <parent@example.test> (Alex Owner\'s message of Tue)'], 'x'));
    expect(e.inReplyTo).toBe('<parent@example.test>');
  });

  it('missing ids and date give null / empty', async () => {
    const e = await parseEmail(raw(['From: a@talentco.example'], 'x'));
    expect(e.messageId).toBeNull();
    expect(e.inReplyTo).toBeNull();
    expect(e.references).toEqual([]);
    expect(e.date).toBeNull();
  });

  it('an unparseable Date gives null rather than an invalid date', async () => {
    const e = await parseEmail(raw(['From: a@talentco.example', 'Date: the day after tomorrow'], 'x'));
    expect(e.date).toBeNull();
  });

  it('raw headers are kept by lower-case name, unfolded, repeated ones in order', async () => {
    const e = await parseEmail(
      raw(['From: a@talentco.example', 'Received: from one.example.org', 'Received: from two.example.org', 'X-Long: first part', '\tsecond part', 'Delivered-To: hermes@example.test'], 'x'),
    );
    expect(e.headers.received).toEqual(['from one.example.org', 'from two.example.org']);
    expect(e.headers['x-long']).toEqual(['first part second part']);
    expect(headerValue(e, 'DELIVERED-TO')).toBe('hermes@example.test');
    expect(headerValue(e, 'x-missing')).toBeNull();
  });
});

describe('parseEmail: attachments', () => {
  it('reports filename, content type, size and disposition', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% fake job description for tests\n%%EOF\n');
    const b = 'att-boundary';
    const body = [
      `--${b}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'JD attached.',
      `--${b}`,
      'Content-Type: application/pdf; name="job-description.pdf"',
      'Content-Disposition: attachment; filename="job-description.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      pdf.toString('base64'),
      `--${b}`,
      'Content-Type: text/calendar; charset=utf-8; name="=?UTF-8?Q?Interview_M=C3=BCnchen.ics?="',
      'Content-Disposition: attachment; filename*=UTF-8\'\'Interview%20M%C3%BCnchen.ics',
      '',
      'BEGIN:VCALENDAR',
      'END:VCALENDAR',
      `--${b}--`,
      '',
    ].join('\r\n');
    const e = await parseEmail(raw([...base, `Content-Type: multipart/mixed; boundary="${b}"`], body));
    expect(e.text).toBe('JD attached.');
    expect(e.contentType).toBe('multipart/mixed');
    expect(e.attachments).toHaveLength(2);
    expect(e.attachments[0]).toEqual({ filename: 'job-description.pdf', contentType: 'application/pdf', size: pdf.length, disposition: 'attachment' });
    expect(e.attachments[1]).toMatchObject({ filename: 'Interview München.ics', contentType: 'text/calendar', disposition: 'attachment' });
    expect(e.attachments[1]!.size).toBeGreaterThan(0);
  });

  it('a message without attachments has an empty list', async () => {
    expect((await parseEmail(raw(base, 'hi'))).attachments).toEqual([]);
  });
});

describe('peekMessageId', () => {
  it('reads the Message-ID from the header block', () => {
    expect(peekMessageId(fixture('recruiter/plain-first-contact.eml'))).toBe('<first-contact.0001@talentco.example>');
  });

  it('handles a folded header, LF line endings and any case', () => {
    expect(peekMessageId(Buffer.from('From: a@x.example\nMESSAGE-ID:\n <folded@x.example>\n\nbody'))).toBe('<folded@x.example>');
  });

  it('adds angle brackets to a bare id', () => {
    expect(peekMessageId(Buffer.from('Message-Id: bare@x.example\r\n\r\n'))).toBe('<bare@x.example>');
  });

  it('ignores a Message-ID line in the body', () => {
    expect(peekMessageId(Buffer.from('From: a@x.example\r\n\r\nMessage-ID: <in-body@x.example>\r\n'))).toBeNull();
  });

  it('returns null for an empty buffer', () => {
    expect(peekMessageId(Buffer.alloc(0))).toBeNull();
  });

  it('agrees with parseEmail on the fixtures', async () => {
    for (const name of ['recruiter/thread-reply-gmail-quote.eml', 'machine/dsn-bounce.eml', 'recruiter/reply-to-differs.eml']) {
      const buf = fixture(name);
      expect(peekMessageId(buf)).toBe((await parseEmail(buf)).messageId);
    }
  });
});
