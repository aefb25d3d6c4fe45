import { describe, expect, it } from 'vitest';
import { classifyDeliveryError } from '../../../src/outbound/delivery-error.js';

/** Shaped like a nodemailer SMTP error. */
function smtpError(responseCode: number, response = `${responseCode} something`): Error {
  return Object.assign(new Error(`Message failed: ${response}`), { code: 'EENVELOPE', responseCode, response, command: 'RCPT TO' });
}

describe('classifyDeliveryError', () => {
  it.each([421, 450, 451, 452])('SMTP %i is retryable', (code) => {
    expect(classifyDeliveryError(smtpError(code, `${code} 4.3.0 try again later`))).toEqual({
      retryable: true,
      code,
      summary: `${code} 4.3.0 try again later`,
    });
  });

  it.each([550, 552, 554])('SMTP %i is permanent', (code) => {
    const r = classifyDeliveryError(smtpError(code, `${code} 5.1.1 mailbox unavailable`));
    expect(r).toEqual({ retryable: false, code, summary: `${code} 5.1.1 mailbox unavailable` });
  });

  it('SMTP 503 (bad sequence) is retryable on a fresh connection', () => {
    expect(classifyDeliveryError(smtpError(503, '503 5.5.1 Bad sequence of commands'))).toMatchObject({ retryable: true, code: 503 });
  });

  it('the SMTP reply code wins over the error code', () => {
    // nodemailer labels a refused recipient EENVELOPE, which on its own is permanent.
    expect(classifyDeliveryError(smtpError(451)).retryable).toBe(true);
  });

  it('without a response text the summary names the code', () => {
    expect(classifyDeliveryError({ responseCode: 550 })).toEqual({ retryable: false, code: 550, summary: 'SMTP 550' });
  });

  it('a long response is cut to 200 characters', () => {
    expect(classifyDeliveryError(smtpError(550, `550 ${'x'.repeat(500)}`)).summary).toHaveLength(200);
  });

  it.each(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'ECONNREFUSED', 'ECONNRESET', 'EDNS', 'ETLS'])('connection error %s is retryable', (code) => {
    expect(classifyDeliveryError(Object.assign(new Error('connect failed'), { code }))).toEqual({ retryable: true, code: null, summary: code });
  });

  it.each(['EAUTH', 'EENVELOPE', 'EMESSAGE'])('%s is permanent', (code) => {
    expect(classifyDeliveryError(Object.assign(new Error('nope'), { code }))).toEqual({ retryable: false, code: null, summary: code });
  });

  it('EAUTH with an SMTP 535 is permanent', () => {
    expect(classifyDeliveryError(Object.assign(new Error('Invalid login'), { code: 'EAUTH', responseCode: 535, response: '535 5.7.8 auth failed' })).retryable).toBe(false);
  });

  it.each([null, undefined, 'a string', 42, {}, new Error('mystery')])('an unknown error %j is retried', (err) => {
    expect(classifyDeliveryError(err)).toEqual({ retryable: true, code: null, summary: 'unknown delivery error' });
  });

  it('a non-numeric responseCode is ignored', () => {
    expect(classifyDeliveryError({ responseCode: '550', code: 'ETIMEDOUT' })).toEqual({ retryable: true, code: null, summary: 'ETIMEDOUT' });
  });
});
