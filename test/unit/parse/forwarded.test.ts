import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addressesIn, extractForwarded, parseForwardDate, stripForwardPrefix, type ForwardedOriginal } from '../../../src/parse/forwarded.js';
import { parseEmail } from '../../../src/parse/parse-email.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/forwarded/${name}`, import.meta.url));
const extract = async (name: string, ownAddresses?: string[]) => extractForwarded(await parseEmail(fixture(name)), ownAddresses ? { ownAddresses } : {});
const ALEX = { address: 'alex.owner@example.com', name: 'Alex Owner' };
const ALEX_BARE = { address: 'alex.owner@example.com', name: '' };

/** Joins header lines and body with CRLF. */
const raw = (headers: string[], body: string) => Buffer.from(`${headers.join('\r\n')}\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}`, 'utf8');
const OWNER_HEADERS = ['From: Alex Owner <alex.owner@example.com>', 'To: hermes.forward@example.test', 'Subject: Fwd: x', 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8'];

describe('extractForwarded: client formats', () => {
  it('Gmail: the block after "Forwarded message", without the owner\'s note', async () => {
    const original = await extract('gmail.eml');
    expect(original).toEqual<ForwardedOriginal>({
      from: { address: 'dana.recruiter@talentco.example', name: 'Dana Recruiter' },
      to: [ALEX],
      subject: 'Senior Backend Engineer role at TalentCo',
      date: new Date('2024-06-04T09:15:00Z'),
      text: expect.stringMatching(/^Hi Alex,\n\nI came across your profile[\s\S]*Do you have 15 minutes this week\?\n\nBest,\nDana$/),
      messageId: null,
      format: 'gmail',
    });
    expect(original!.text).not.toContain('Can you take this one');
  });

  it('Outlook: rule line, "Last, First" names, a Cc and a Sent date', async () => {
    expect(await extract('outlook.eml')).toEqual<ForwardedOriginal>({
      from: { address: 'morgan.sourcer@staffing.example', name: 'Sourcer, Morgan' },
      to: [{ address: 'alex.owner@example.com', name: 'Owner, Alex' }],
      subject: 'Platform Engineer opportunity',
      date: new Date('2024-06-04T16:45:00Z'),
      text: 'Hello Alex,\n\nWe are hiring a Platform Engineer for a fintech client in Austin. The team\nworks with Kubernetes and Go. Would you be open to a quick chat?\n\nRegards,\nMorgan Sourcer\nStaffing Partners',
      messageId: null,
      format: 'outlook',
    });
  });

  it('classic Outlook: "-----Original Message-----" and Name [mailto:address]', async () => {
    const original = await extract('outlook-classic.eml');
    expect(original).toMatchObject({
      from: { address: 'casey.hiring@recruitwell.example', name: 'Casey Hiring' },
      to: [ALEX_BARE],
      subject: 'Contract role - data pipelines',
      date: new Date('2024-06-06T09:12:00Z'),
      format: 'outlook',
    });
    expect(original!.text.startsWith('Alex,\n\nI have a 6-month contract')).toBe(true);
    expect(original!.text).not.toContain('FYI');
  });

  it('Apple Mail: "Begin forwarded message:", From/Subject/Date/To, a zone name', async () => {
    expect(await extract('apple-mail.eml')).toEqual<ForwardedOriginal>({
      from: { address: 'riley.talent@northwind.example', name: 'Riley Talent' },
      to: [ALEX],
      subject: 'Staff Engineer at Northwind',
      date: new Date('2024-06-11T16:15:00Z'), // 9:15 PDT
      text: 'Hi Alex,\n\nNorthwind is building a new payments platform and I’d love to tell you\nabout the Staff Engineer opening. Salary range is $190k–$230k.\n\nCheers,\nRiley',
      messageId: null,
      format: 'apple',
    });
  });

  it('Apple Mail on a phone: signature above, the forward quoted with "> "', async () => {
    const original = await extract('apple-iphone-quoted.eml');
    expect(original).toEqual<ForwardedOriginal>({
      from: { address: 'sam.hiring@recruitwell.example', name: 'Sam Hiring' },
      to: [ALEX_BARE],
      subject: 'Quick question',
      date: new Date('2024-06-12T06:30:12Z'), // 07:30:12 BST
      text: 'Hi Alex, are you still looking? We have a backend role in London.\n\nSam',
      messageId: null,
      format: 'apple',
    });
  });

  it('Thunderbird (generic marker): Subject first, RFC 5322 date, a Message-ID', async () => {
    expect(await extract('thunderbird.eml')).toEqual<ForwardedOriginal>({
      from: { address: 'noor.haddad@pixelworks.example', name: 'Noor Haddad' },
      to: [ALEX_BARE],
      subject: 'Frontend role',
      date: new Date('2024-06-20T15:45:10Z'),
      text: 'Hello Alex,\n\nPixelworks is hiring a frontend engineer (React, TypeScript). Any interest?\n\nNoor',
      messageId: '<frontend-0013@pixelworks.example>',
      format: 'generic',
    });
  });
});

describe('extractForwarded: HTML-only forwards', () => {
  it('Gmail HTML: mailto links, a long name and subject wrapped by the converter', async () => {
    const email = await parseEmail(fixture('gmail-html-only.eml'));
    expect(email.fromHtml).toBe(true);
    const original = await extractForwarded(email);
    expect(original).toMatchObject({
      from: { address: 'jordan.whitfield-montgomery@talent-partners-international.example', name: 'Jordan Alexandra Whitfield-Montgomery' },
      to: [ALEX_BARE],
      subject: 'Principal Engineer & Tech Lead, Distributed Systems (Remote, US or Canada), Series C',
      date: new Date('2024-06-13T16:02:00Z'),
      format: 'gmail',
    });
    expect(original!.text).toMatch(/^Hello Alex,\n\nI lead technical hiring[\s\S]*Best regards,\nJordan$/);
    expect(original!.text).not.toContain('Over to you');
  });

  it('Outlook HTML: no rule line survives, the From/Sent block alone is enough; wrapped subject', async () => {
    const email = await parseEmail(fixture('outlook-html-only.eml'));
    expect(email.fromHtml).toBe(true);
    expect(await extractForwarded(email)).toEqual<ForwardedOriginal>({
      from: { address: 'morgan.sourcer@staffing.example', name: 'Morgan Sourcer' },
      to: [ALEX],
      subject: 'RE: Site Reliability Engineer, hybrid (two days a week in the office), Chicago or Denver',
      date: new Date('2024-06-10T14:05:00Z'),
      text: 'Hi Alex,\n\nFollowing up on the SRE role: the client can do hybrid, two days a week in the\noffice.\n\nThanks,\nMorgan',
      messageId: null,
      format: 'outlook',
    });
  });

  it('Apple HTML: the forward inside a blockquote, bold header names', async () => {
    const email = await parseEmail(fixture('apple-html-only.eml'));
    expect(email.fromHtml).toBe(true);
    expect(await extractForwarded(email)).toEqual<ForwardedOriginal>({
      from: { address: 'taylor.brooks@hireloop.example', name: 'Taylor Brooks' },
      to: [ALEX],
      subject: 'Engineering Manager role',
      date: new Date('2024-06-14T14:00:00Z'), // 10:00 EDT
      text: 'Hi Alex,\n\nHireloop is looking for an Engineering Manager for a team of eight.\n\nTaylor',
      messageId: null,
      format: 'apple',
    });
  });
});

describe('extractForwarded: attached messages', () => {
  it('message/rfc822: the attached original, not the note with "From: me" in it', async () => {
    const email = await parseEmail(fixture('rfc822-attachment.eml'));
    expect(email.attachedMessages).toHaveLength(1);
    expect(await extractForwarded(email)).toEqual<ForwardedOriginal>({
      from: { address: 'avery.quinn@lumen-analytics.example', name: 'Avery Quinn' },
      to: [ALEX, { address: 'talent@lumen-analytics.example', name: '' }],
      subject: 'Backend Engineer (Go) at Lumen Analytics',
      date: new Date('2024-06-14T17:20:00Z'),
      text: 'Hi Alex,\n\nLumen Analytics is hiring a Backend Engineer to work on our Go services.\nFully remote, with a yearly team offsite.\n\nWould you like to hear more?\n\nAvery Quinn\nTalent Acquisition, Lumen Analytics',
      messageId: '<original-0009@lumen-analytics.example>',
      format: 'rfc822',
    });
  });

  it("an attached copy of the owner's own forward is opened in turn", async () => {
    expect(await extract('rfc822-nested-forward.eml')).toMatchObject({
      from: { address: 'quinn.harper@datawise.example', name: 'Quinn Harper' },
      subject: 'Data Engineer role',
      text: 'Hi Alex, Datawise needs a Data Engineer. Let me know!\n\nQuinn',
      format: 'gmail',
    });
  });

  it('mail without attached messages has no attachedMessages field', async () => {
    expect((await parseEmail(fixture('gmail.eml'))).attachedMessages).toBeUndefined();
  });

  it('a damaged attachment falls back to the inline text', async () => {
    const body = [
      '--b',
      'Content-Type: text/plain',
      '',
      '---------- Forwarded message ---------',
      'From: Dana Recruiter <dana.recruiter@talentco.example>',
      'Subject: Role',
      '',
      'Hi',
      '--b',
      'Content-Type: message/rfc822',
      '',
      'no headers at all, just text',
      '--b--',
      '',
    ].join('\n');
    const email = await parseEmail(raw([...OWNER_HEADERS.slice(0, 4), 'Content-Type: multipart/mixed; boundary="b"'], body));
    expect(email.attachedMessages).toHaveLength(1);
    expect(await extractForwarded(email)).toMatchObject({ from: { address: 'dana.recruiter@talentco.example' }, text: 'Hi', format: 'gmail' });
  });
});

describe('extractForwarded: nested forwards', () => {
  it("skips the owner's forward from another mailbox (same full name) to the recruiter inside", async () => {
    expect(await extract('nested-own-forward.eml')).toEqual<ForwardedOriginal>({
      from: { address: 'jamie.cole@cobalt.example', name: 'Jamie Cole' },
      to: [{ address: 'alex.owner@oldjob.example', name: '' }],
      subject: 'Senior SRE at Cobalt Systems',
      date: new Date('2024-06-17T15:10:00Z'),
      text: 'Hi Alex,\n\nCobalt Systems is growing its SRE team. Open to a conversation?\n\nJamie',
      messageId: null,
      format: 'gmail',
    });
  });

  it('by address when the display names differ; the outermost otherwise', async () => {
    const email = await parseEmail(fixture('nested-own-forward.eml'));
    const anonymous = { ...email, from: { address: 'alex.owner@example.com', name: '' } };
    expect((await extractForwarded(anonymous))?.from.address).toBe('alex.owner@oldjob.example');
    expect((await extractForwarded(anonymous, { ownAddresses: ['Alex.Owner@OldJob.example'] }))?.from.address).toBe('jamie.cole@cobalt.example');
  });

  it("a recruiter's forward of someone else's mail: the recruiter, with what they forwarded in the text", async () => {
    const original = await extract('nested-recruiter-forward.eml');
    expect(original).toMatchObject({ from: { address: 'drew.parker@peoplefirst.example', name: 'Drew Parker' }, subject: 'Team lead opening', format: 'gmail' });
    expect(original!.text.startsWith('Alex, see the note from the hiring manager below.')).toBe(true);
    expect(original!.text).toContain('From: Kim Osei <kim.osei@clientcorp.example>');
    expect(original!.text).toContain('we need a team lead for the billing squad');
    expect(original!.text).not.toContain('This recruiter keeps writing');
  });

  it('null when every original is the owner', async () => {
    const body = '---------- Forwarded message ---------\nFrom: Alex Owner <alex.owner@oldjob.example>\nDate: Tue, Jun 18, 2024 at 11:40 AM\nSubject: notes\n\nmy own notes';
    expect(await extractForwarded(await parseEmail(raw(OWNER_HEADERS, body)))).toBeNull();
  });
});

describe('extractForwarded: not a forward', () => {
  it.each(['not-forward-plain.eml', 'not-forward-reply.eml', 'forward-without-address.eml'])('%s gives null', async (name) => {
    expect(await extract(name)).toBeNull();
  });

  it('a header block without a marker needs Sent, or Date and Subject', async () => {
    const partial = 'Hi,\n\nFrom: Dana Recruiter <dana.recruiter@talentco.example>\nTo: alex.owner@example.com\n\nthanks';
    expect(await extractForwarded(await parseEmail(raw(OWNER_HEADERS, partial)))).toBeNull();
    const complete = 'Hi,\n\nFrom: Dana Recruiter <dana.recruiter@talentco.example>\nDate: Tue, 4 Jun 2024 09:15:00 -0700\nSubject: Role\n\nthanks';
    expect(await extractForwarded(await parseEmail(raw(OWNER_HEADERS, complete)))).toMatchObject({ from: { address: 'dana.recruiter@talentco.example' }, subject: 'Role', format: 'generic', text: 'thanks' });
  });

  it('stays fast on a hostile body of markers and header lines', async () => {
    const line = '---------- Forwarded message ---------\nFrom: a\nFrom: b@\n> From: x@y.example\nSent: x\n';
    const email = await parseEmail(raw(OWNER_HEADERS, line.repeat(8_000)));
    const started = performance.now();
    const original = await extractForwarded(email);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(original).toBeNull();
  });
});

describe('helpers', () => {
  it('addressesIn reads the forms clients print', () => {
    expect(addressesIn('Dana Recruiter <dana@talentco.example>')).toEqual([{ address: 'dana@talentco.example', name: 'Dana Recruiter' }]);
    expect(addressesIn('"Recruiter, Dana" <Dana@TalentCo.example>')).toEqual([{ address: 'dana@talentco.example', name: 'Recruiter, Dana' }]);
    expect(addressesIn('Dana Recruiter [mailto:dana@talentco.example]')).toEqual([{ address: 'dana@talentco.example', name: 'Dana Recruiter' }]);
    expect(addressesIn('*Dana* <dana@talentco.example [dana@talentco.example]>')).toEqual([{ address: 'dana@talentco.example', name: 'Dana' }]);
    expect(addressesIn('a@one.example; B <b@two.example>, c@three.example')).toEqual([
      { address: 'a@one.example', name: '' },
      { address: 'b@two.example', name: 'B' },
      { address: 'c@three.example', name: '' },
    ]);
    expect(addressesIn('Dana Recruiter')).toEqual([]);
    expect(addressesIn('dana@localhost, x@@y.example')).toEqual([]);
  });

  it('parseForwardDate: client formats, zones, UTC when there is none, null when unknown', () => {
    expect(parseForwardDate('Tue, Jun 4, 2024 at 9:15 AM')).toEqual(new Date('2024-06-04T09:15:00Z'));
    expect(parseForwardDate('Tuesday, June 4, 2024 9:15 PM')).toEqual(new Date('2024-06-04T21:15:00Z'));
    expect(parseForwardDate('June 4, 2024 at 9:15:00 AM PDT')).toEqual(new Date('2024-06-04T16:15:00Z'));
    expect(parseForwardDate('4 June 2024 at 09:15:00 CEST')).toEqual(new Date('2024-06-04T07:15:00Z'));
    expect(parseForwardDate('Tue, 4 Jun 2024 09:15:00 -0700 (PDT)')).toEqual(new Date('2024-06-04T16:15:00Z'));
    expect(parseForwardDate('June 4, 2024 at 9:15:00 AM GMT+2')).toEqual(new Date('2024-06-04T07:15:00Z'));
    expect(parseForwardDate('June 4, 2024 at 9:15 XYZT')).toBeNull();
    expect(parseForwardDate('last Tuesday')).toBeNull();
    expect(parseForwardDate('')).toBeNull();
  });

  it('stripForwardPrefix removes forward prefixes only', () => {
    expect(stripForwardPrefix('Fwd: FW: Role')).toBe('Role');
    expect(stripForwardPrefix('fwd:Role')).toBe('Role');
    expect(stripForwardPrefix('[Fwd: Role]')).toBe('Role');
    expect(stripForwardPrefix('RE: Role')).toBe('RE: Role');
    expect(stripForwardPrefix('Forward-looking role')).toBe('Forward-looking role');
  });
});
