import { describe, expect, it } from 'vitest';
import { routeChannel } from '../../../src/conversations/channel.js';
import { parseEmail } from '../../../src/parse/parse-email.js';

const channels = { standard: ['hermes@example.test', 'jobs@example.test'], forwarded: ['fwd@example.test'] };

async function route(headers: string[]) {
  const raw = Buffer.from(
    ['From: Dana Recruiter <dana.recruiter@talentco.example>', ...headers, 'Subject: Role', 'Message-ID: <c@talentco.example>', '', 'Hi', ''].join('\r\n'),
  );
  return routeChannel(await parseEmail(raw), channels);
}

describe('routeChannel', () => {
  it('standard address in To', async () => {
    expect(await route(['To: Alex <hermes@example.test>'])).toEqual({ channel: 'standard', address: 'hermes@example.test' });
  });

  it('a second standard alias', async () => {
    expect(await route(['To: Jobs@Example.Test'])).toEqual({ channel: 'standard', address: 'jobs@example.test' });
  });

  it('forwarded address in To', async () => {
    expect(await route(['To: fwd@example.test'])).toEqual({ channel: 'forwarded', address: 'fwd@example.test' });
  });

  it('address found in Cc', async () => {
    expect(await route(['To: someone@example.org', 'Cc: fwd@example.test'])).toEqual({ channel: 'forwarded', address: 'fwd@example.test' });
  });

  it('Delivered-To beats To', async () => {
    expect(await route(['Delivered-To: fwd@example.test', 'To: hermes@example.test'])).toEqual({ channel: 'forwarded', address: 'fwd@example.test' });
    expect(await route(['Delivered-To: hermes@example.test', 'To: fwd@example.test'])).toEqual({ channel: 'standard', address: 'hermes@example.test' });
  });

  it('Delivered-To with angle brackets and odd case', async () => {
    expect(await route(['Delivered-To: <FWD@example.test>', 'To: hermes@example.test'])).toEqual({ channel: 'forwarded', address: 'fwd@example.test' });
  });

  it('X-Original-To names the alias of a Bcc delivery', async () => {
    expect(await route(['X-Original-To: fwd@example.test', 'To: undisclosed-recipients:;'])).toEqual({ channel: 'forwarded', address: 'fwd@example.test' });
  });

  it('an unknown Delivered-To falls through to To', async () => {
    expect(await route(['Delivered-To: catchall@example.org', 'To: hermes@example.test'])).toEqual({ channel: 'standard', address: 'hermes@example.test' });
  });

  it('unknown address: standard channel with null address', async () => {
    expect(await route(['To: someone.else@example.org'])).toEqual({ channel: 'standard', address: null });
  });

  it('no recipients at all: standard with null', async () => {
    expect(await route([])).toEqual({ channel: 'standard', address: null });
  });
});
