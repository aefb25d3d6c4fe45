import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newMessageId, replyHeaders, replySubject } from '../../../src/outbound/compose-reply.js';
import { inbound } from '../../support/inbound.js';
import { parseEmail } from '../../../src/parse/parse-email.js';

describe('replySubject', () => {
  it('adds Re: to a fresh subject', () => {
    expect(replySubject('Backend role')).toBe('Re: Backend role');
  });

  it.each(['Re: Backend role', 'RE: Backend role', 're : Backend role', 'Re[2]: Backend role', 'rE:Backend role'])('does not double %j', (s) => {
    const out = replySubject(s);
    expect(out).toBe(s);
    expect(out).not.toMatch(/^re\s*:\s*re\s*:/i);
  });

  it('trims surrounding whitespace', () => {
    expect(replySubject('   Backend role  ')).toBe('Re: Backend role');
    expect(replySubject('  Re: Backend role ')).toBe('Re: Backend role');
  });

  it('a forwarded subject gets a single Re: in front', () => {
    expect(replySubject('Fwd: Backend role')).toBe('Re: Fwd: Backend role');
  });

  it('a word that merely starts with "re" is not a prefix', () => {
    expect(replySubject('Recruiting for a backend role')).toBe('Re: Recruiting for a backend role');
  });

  it('an empty subject gets a neutral one', () => {
    expect(replySubject('')).toBe('Re: your message');
    expect(replySubject('   ')).toBe('Re: your message');
  });
});

describe('replyHeaders', () => {
  it('first reply: In-Reply-To and References are the parent id', () => {
    expect(replyHeaders(inbound())).toEqual({
      to: 'dana.recruiter@talentco.example',
      subject: 'Re: Backend role',
      inReplyTo: '<parent@talentco.example>',
      references: '<parent@talentco.example>',
    });
  });

  it('References = parent references + parent id, in order', () => {
    const h = replyHeaders(inbound({ references: ['<a@x.example>', '<b@x.example>'], messageId: '<c@x.example>' }));
    expect(h.references).toBe('<a@x.example> <b@x.example> <c@x.example>');
    expect(h.inReplyTo).toBe('<c@x.example>');
  });

  it('does not repeat the parent id when it is already in References', () => {
    const h = replyHeaders(inbound({ references: ['<a@x.example>', '<c@x.example>'], messageId: '<c@x.example>' }));
    expect(h.references).toBe('<a@x.example> <c@x.example>');
  });

  it('a parent without Message-ID gives null In-Reply-To and keeps its references', () => {
    expect(replyHeaders(inbound({ messageId: null }))).toMatchObject({ inReplyTo: null, references: null });
    expect(replyHeaders(inbound({ messageId: null, references: ['<a@x.example>'] })).references).toBe('<a@x.example>');
  });

  it('Reply-To is preferred over From', () => {
    const h = replyHeaders(inbound({ replyTo: [{ address: 'morgan.private@talentco.example', name: 'Morgan' }] }));
    expect(h.to).toBe('morgan.private@talentco.example');
  });

  it('Reply-To is preferred over From (parsed fixture)', async () => {
    const e = await parseEmail(readFileSync(new URL('../../fixtures/recruiter/reply-to-differs.eml', import.meta.url)));
    const h = replyHeaders(e);
    expect(h.to).toBe('morgan.private@talentco.example');
    expect(h.subject).toBe('Re: Platform Engineer (remote) - quick question');
    expect(h.inReplyTo).toBe('<reply-to.0004@staffing.example>');
  });

  it('thread fixture: References carry the whole chain plus the parent', async () => {
    const e = await parseEmail(readFileSync(new URL('../../fixtures/recruiter/thread-reply-gmail-quote.eml', import.meta.url)));
    const h = replyHeaders(e);
    expect(h.subject).toBe('Re: Senior Backend Engineer role at TalentCo');
    expect(h.references).toBe('<first-contact.0001@talentco.example> <hermes.reply.0001@example.test> <thread-reply.0003@talentco.example>');
  });

  it('throws without any sender address', () => {
    expect(() => replyHeaders(inbound({ from: null }))).toThrow(/without a sender/);
  });

  it('more than 20 references are trimmed to 20, keeping the first and the most recent', () => {
    const refs = Array.from({ length: 25 }, (_, i) => `<r${i}@x.example>`);
    const h = replyHeaders(inbound({ references: refs, messageId: '<parent@x.example>' }));
    const out = h.references!.split(' ');
    expect(out).toHaveLength(20);
    expect(out[0]).toBe('<r0@x.example>');
    expect(out[1]).toBe('<r7@x.example>');
    expect(out.at(-2)).toBe('<r24@x.example>');
    expect(out.at(-1)).toBe('<parent@x.example>');
    expect(new Set(out).size).toBe(20);
  });

  it('exactly 20 references are kept as they are', () => {
    const refs = Array.from({ length: 19 }, (_, i) => `<r${i}@x.example>`);
    const out = replyHeaders(inbound({ references: refs, messageId: '<p@x.example>' })).references!.split(' ');
    expect(out).toEqual([...refs, '<p@x.example>']);
  });

  it('does not mutate the parent references', () => {
    const refs = ['<a@x.example>'];
    replyHeaders(inbound({ references: refs }));
    expect(refs).toEqual(['<a@x.example>']);
  });
});

describe('newMessageId', () => {
  it('is an angle-bracketed id at the given domain', () => {
    expect(newMessageId('example.test')).toMatch(/^<hermes\.[a-z0-9]+\.[A-Za-z0-9_-]+@example\.test>$/);
  });

  it('is unique', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newMessageId('example.test')));
    expect(ids.size).toBe(1000);
  });
});
