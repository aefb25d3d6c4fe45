import { describe, expect, it } from 'vitest';
import { splitQuoted } from '../../../src/parse/quote-split.js';

const lines = (...l: string[]) => l.join('\n');

describe('splitQuoted', () => {
  it('a message with no quote keeps all its text', () => {
    const input = lines('Hi Alex,', '', 'Are you open to a Staff Engineer role?', '', 'Thanks,', 'Dana');
    expect(splitQuoted(input)).toEqual({ text: input, quoted: '', signature: '' });
  });

  it('an empty body gives three empty strings', () => {
    expect(splitQuoted('')).toEqual({ text: '', quoted: '', signature: '' });
  });

  it('Gmail "On ... wrote:" starts the quoted history', () => {
    const r = splitQuoted(
      lines(
        'Sounds good, Thursday works.',
        '',
        'On Wed, 5 Jun 2024 at 10:02, Alex Owner <hermes@example.test> wrote:',
        '> Could we talk on Thursday?',
        '>',
        '> Alex',
      ),
    );
    expect(r.text).toBe('Sounds good, Thursday works.');
    expect(r.quoted).toBe(lines('On Wed, 5 Jun 2024 at 10:02, Alex Owner <hermes@example.test> wrote:', '> Could we talk on Thursday?', '>', '> Alex'));
    expect(r.signature).toBe('');
  });

  it('Gmail attribution wrapped over two lines', () => {
    const r = splitQuoted(
      lines(
        'Great, I will send the details.',
        '',
        'On Wed, 5 Jun 2024 at 10:02, Alex Owner with a long display name <hermes@example.test>',
        'wrote:',
        '',
        '> Please send the details by email.',
      ),
    );
    expect(r.text).toBe('Great, I will send the details.');
    expect(r.quoted.startsWith('On Wed, 5 Jun 2024')).toBe(true);
    expect(r.quoted).toContain('wrote:');
    expect(r.quoted).toContain('> Please send the details by email.');
  });

  it('Outlook From:/Sent:/To:/Subject: header block', () => {
    const r = splitQuoted(
      lines(
        'Hi Alex, the range is EUR 90-110k.',
        '',
        'Kind regards,',
        'Dana',
        '',
        'From: Alex Owner <hermes@example.test>',
        'Sent: Wednesday, June 5, 2024 10:02 AM',
        'To: Dana Recruiter <dana.recruiter@talentco.example>',
        'Subject: RE: Backend role',
        '',
        'Hi Dana, what is the salary range?',
      ),
    );
    expect(r.text).toBe(lines('Hi Alex, the range is EUR 90-110k.', '', 'Kind regards,', 'Dana'));
    expect(r.quoted.split('\n')[0]).toBe('From: Alex Owner <hermes@example.test>');
    expect(r.quoted).toContain('Hi Dana, what is the salary range?');
  });

  it('Outlook bold *From:* header block after an underscore separator', () => {
    const r = splitQuoted(
      lines('Thanks Alex!', '', '________________________________', '*From:* Alex Owner <hermes@example.test>', '*Sent:* Wednesday, June 5, 2024', '*Subject:* Backend role', '', 'Earlier text'),
    );
    expect(r.text).toBe('Thanks Alex!');
    expect(r.quoted).toContain('Earlier text');
  });

  it('a "From:" line in the middle of prose is not a quote header', () => {
    const input = lines('From: my side, the role looks interesting.', 'Let me know what you think about the team.', 'Dana');
    expect(splitQuoted(input).text).toBe(input);
  });

  it('-----Original Message----- separator', () => {
    const r = splitQuoted(lines('See my answers below.', '', '-----Original Message-----', 'From: Alex Owner', 'Old message body'));
    expect(r.text).toBe('See my answers below.');
    expect(r.quoted).toBe(lines('-----Original Message-----', 'From: Alex Owner', 'Old message body'));
  });

  it('a ">" quoted tail without attribution', () => {
    const r = splitQuoted(lines('Yes, remote is fine.', '', '> Is the role remote?', '> ', '> Alex', ''));
    expect(r.text).toBe('Yes, remote is fine.');
    expect(r.quoted).toBe(lines('> Is the role remote?', '>', '> Alex'));
  });

  it('interleaved replies keep their own lines and lose only the quoted ones', () => {
    const r = splitQuoted(lines('> What is the salary?', 'EUR 100k.', '> Is it remote?', 'Yes, fully remote.'));
    expect(r.text).toBe(lines('EUR 100k.', 'Yes, fully remote.'));
    expect(r.quoted).toBe(lines('> What is the salary?', '> Is it remote?'));
  });

  it('"-- " signature delimiter', () => {
    const r = splitQuoted(lines('Hi Alex, any update?', '', '-- ', 'Dana Recruiter', 'TalentCo | +1 555 0100'));
    expect(r.text).toBe('Hi Alex, any update?');
    expect(r.signature).toBe(lines('--', 'Dana Recruiter', 'TalentCo | +1 555 0100'));
    expect(r.quoted).toBe('');
  });

  it('"Sent from my iPhone" is a signature', () => {
    const r = splitQuoted(lines('Call you at 3?', '', 'Sent from my iPhone'));
    expect(r.text).toBe('Call you at 3?');
    expect(r.signature).toBe('Sent from my iPhone');
  });

  it('signature followed by a Gmail quote: all three parts separated', () => {
    const r = splitQuoted(
      lines('Sure, here it is.', '', '-- ', 'Dana', '', 'On Tue, 4 Jun 2024, Alex Owner <hermes@example.test> wrote:', '> Can you send the JD?'),
    );
    expect(r.text).toBe('Sure, here it is.');
    expect(r.signature).toBe(lines('--', 'Dana'));
    expect(r.quoted).toBe(lines('On Tue, 4 Jun 2024, Alex Owner <hermes@example.test> wrote:', '> Can you send the JD?'));
  });

  it('CRLF input is normalised', () => {
    const r = splitQuoted('Thanks!\r\n\r\nOn Tue, 4 Jun 2024, Alex wrote:\r\n> hi\r\n');
    expect(r.text).toBe('Thanks!');
    expect(r.quoted).toBe('On Tue, 4 Jun 2024, Alex wrote:\n> hi');
  });

  it('collapses runs of blank lines and trailing spaces in the text', () => {
    expect(splitQuoted('Line one   \n\n\n\n\nLine two  ').text).toBe('Line one\n\nLine two');
  });

  it('stays fast on a large body (linear scan)', () => {
    const big = Array.from({ length: 50_000 }, (_, i) => `line ${i} of a long message about the role`).join('\n');
    const t0 = performance.now();
    const r = splitQuoted(`${big}\n> quoted`);
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(r.quoted).toBe('> quoted');
  });

  it('stays fast when a long reply interleaves many quoted lines', () => {
    // 20,000 alternating lines is ~200 KB, the most parseEmail passes in. A linear scan takes a
    // few milliseconds; re-scanning the rest of the message at every '>' line is quadratic.
    const input = Array.from({ length: 20_000 }, (_, i) => (i % 2 ? '> quoted line' : 'reply line')).join('\n');
    const t0 = performance.now();
    const r = splitQuoted(input);
    const ms = performance.now() - t0;
    expect(r.text.split('\n')).toHaveLength(10_000);
    expect(ms).toBeLessThan(500);
  });
});
