import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { InboundEmail } from '../../../src/parse/inbound-email.js';
import { parseEmail } from '../../../src/parse/parse-email.js';
import { classifyMachineMail } from '../../../src/safety/machine-mail.js';
import { AppError } from '../../../src/shared/errors.js';
import { bigAttachmentMail, nestedPartsMail } from '../../support/malformed.js';

const DIR = fileURLToPath(new URL('../../fixtures/malformed/', import.meta.url));
const FIXTURES = readdirSync(DIR)
  .filter((f) => f.endsWith('.eml'))
  .sort();

/** A small fixture that takes longer than this is treated as a hang. */
const SMALL_TIMEOUT_MS = 5_000;
const BIG_TIMEOUT_MS = 30_000;

type Outcome = { ok: true; email: InboundEmail; ms: number } | { ok: false; error: AppError; ms: number };

/**
 * The contract for damaged mail: parseEmail resolves to an InboundEmail or rejects with
 * AppError('MAIL_PARSE_FAILED'); anything else thrown fails the test here.
 */
async function parseOrReject(raw: Buffer): Promise<Outcome> {
  const t0 = performance.now();
  try {
    const email = await parseEmail(raw);
    return { ok: true, email, ms: performance.now() - t0 };
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('MAIL_PARSE_FAILED');
    return { ok: false, error: err as AppError, ms: performance.now() - t0 };
  }
}

function expectWellFormed(e: InboundEmail) {
  expect(typeof e.text).toBe('string');
  expect(typeof e.subject).toBe('string');
  expect(Array.isArray(e.to)).toBe(true);
  expect(Array.isArray(e.attachments)).toBe(true);
  expect(e.contentType).toMatch(/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+/);
  for (const a of [e.from, ...e.to, ...e.cc, ...e.replyTo]) {
    if (a) expect(a.address).toBe(a.address.toLowerCase());
  }
}

async function parsed(name: string): Promise<InboundEmail> {
  const outcome = await parseOrReject(readFileSync(`${DIR}${name}`));
  if (!outcome.ok) throw new Error(`${name} was expected to parse, but: ${outcome.error.message}`);
  expectWellFormed(outcome.email);
  return outcome.email;
}

/** What each committed fixture must still yield. */
const EXPECTATIONS: Record<string, (e: InboundEmail) => void> = {
  'boundary-never-closed.eml': (e) => {
    expect(e.contentType).toBe('multipart/mixed');
    expect(e.text).toBe('The body part before the missing closing boundary.');
    expect(e.attachments.map((a) => a.filename)).toEqual(['cv.pdf']);
  },
  'boundary-wrong-final.eml': (e) => {
    expect(e.text).toBe('Plain part, closed with the wrong boundary below.');
    expect(e.text).not.toContain('wrong-boundary');
  },
  'invalid-charset.eml': (e) => {
    // An unknown charset must not lose the (ASCII) text.
    expect(e.text).toContain('Hello Alex, this body declares a charset nobody knows.');
  },
  '8bit-utf8-headers.eml': (e) => {
    expect(e.subject).toBe('Rôle de développeur – Zürich 🚀');
    expect(e.from).toEqual({ address: 'zoe.mueller@talentco.example', name: 'Zoë Müller' });
    expect(e.text).toBe('Grüße aus Zürich.');
  },
  '8bit-latin1-headers.eml': (e) => {
    // Raw Latin-1 header bytes are not valid UTF-8; the address must survive, and the subject
    // keep its ASCII parts (how the accented letters come out is up to the parser).
    expect(e.from?.address).toBe('francois.berard@talentco.example');
    expect(e.subject.startsWith("Poste d'ing")).toBe(true);
    expect(e.subject).toContain('nieur');
    expect(e.subject).toContain('ve');
    expect(e.text).toBe("Salut Alex, un poste d'ingénieur à Genève.");
  },
  'missing-from.eml': (e) => {
    expect(e.from).toBeNull();
    expect(e.to.map((a) => a.address)).toEqual(['hermes@example.test']);
    expect(e.text).toBe('Somebody sent this without a From header.');
    expect(classifyMachineMail(e, ['hermes@example.test']).reason).toBe('missing-sender');
  },
  'missing-content-type.eml': (e) => {
    expect(e.contentType).toBe('text/plain');
    expect(e.text).toBe('Plain text without MIME headers; readers must assume text/plain us-ascii.');
  },
  'truncated-base64-attachment.eml': (e) => {
    expect(e.text).toBe('Please find the job description attached.');
    expect(e.attachments).toHaveLength(1);
    expect(e.attachments[0]).toMatchObject({ filename: 'job-description.pdf', contentType: 'application/pdf', disposition: 'attachment' });
    expect(e.attachments[0]!.size).toBeGreaterThan(0);
  },
  'garbage-headers.eml': (e) => {
    expect(e.from?.address).toBe('dana.recruiter@talentco.example');
    expect(e.to.map((a) => a.address)).toEqual(['hermes@example.test']);
    expect(e.subject).toBe('Garbage header lines');
    expect(e.messageId).toBe('<malformed.garbage@talentco.example>');
    expect(e.text).toBe('The headers above include lines without a colon.');
  },
  'empty.eml': (e) => {
    expect(e.from).toBeNull();
    expect(e.subject).toBe('');
    expect(e.text).toBe('');
    expect(e.messageId).toBeNull();
    expect(e.attachments).toEqual([]);
    expect(e.contentType).toBe('text/plain');
    // A 0-byte message has no headers at all.
    expect(e.headers).toEqual({});
  },
  'headers-only.eml': (e) => {
    expect(e.from?.address).toBe('dana.recruiter@talentco.example');
    expect(e.subject).toBe('Only headers, no body');
    expect(e.messageId).toBe('<malformed.headers-only@talentco.example>');
    expect(e.text).toBe('');
  },
  'mixed-line-endings.eml': (e) => {
    expect(e.subject).toBe('Mixed line endings');
    expect(e.to.map((a) => a.address)).toEqual(['hermes@example.test']);
    expect(e.text).toContain('First line CRLF.');
    expect(e.text).toContain('Second line LF.');
    expect(e.text).toContain('Fourth line CRLF.');
    expect(e.text).not.toContain('--eol-b4');
  },
};

describe('malformed fixtures', () => {
  it('every fixture with expectations is present on disk', () => {
    expect(FIXTURES).toEqual(expect.arrayContaining(Object.keys(EXPECTATIONS)));
    expect(readFileSync(`${DIR}empty.eml`)).toHaveLength(0);
  });

  it.each(FIXTURES)(
    '%s parses or fails with MAIL_PARSE_FAILED, never anything else',
    async (name) => {
      const outcome = await parseOrReject(readFileSync(`${DIR}${name}`));
      if (outcome.ok) expectWellFormed(outcome.email);
      else expect(outcome.error.message).toMatch(/cannot parse message/);
    },
    SMALL_TIMEOUT_MS,
  );

  it.each(Object.keys(EXPECTATIONS))(
    '%s still yields what can be recovered',
    async (name) => {
      EXPECTATIONS[name]!(await parsed(name));
    },
    SMALL_TIMEOUT_MS,
  );
});

describe('generated malformed mail', () => {
  it(
    'a 20 MB base64 attachment parses without hanging and reports its size',
    async () => {
      const size = 20 * 1024 * 1024;
      const raw = bigAttachmentMail(size);
      expect(raw.length).toBeGreaterThan(size * 1.3);
      const outcome = await parseOrReject(raw);
      console.info(`[malformed] 20 MB attachment (${(raw.length / 1e6).toFixed(1)} MB raw): ${outcome.ok ? 'parsed' : 'rejected'} in ${outcome.ms.toFixed(0)} ms`);
      if (!outcome.ok) throw new Error(`expected the 20 MB mail to parse: ${outcome.error.message}`);
      expect(outcome.email.text).toBe('Hi Alex, the full portfolio is attached.');
      expect(outcome.email.attachments).toEqual([{ filename: 'portfolio.bin', contentType: 'application/octet-stream', size, disposition: 'attachment' }]);
    },
    BIG_TIMEOUT_MS,
  );

  it(
    '5,000 nested multipart/mixed parts resolve or fail with MAIL_PARSE_FAILED without hanging',
    async () => {
      const raw = nestedPartsMail(5_000);
      const outcome = await parseOrReject(raw);
      console.info(
        `[malformed] 5,000 nested parts (${(raw.length / 1e6).toFixed(2)} MB raw): ${outcome.ok ? 'parsed' : `rejected (${outcome.error.message})`} in ${outcome.ms.toFixed(0)} ms`,
      );
      if (outcome.ok) {
        expectWellFormed(outcome.email);
        expect(outcome.email.text).toBe('deepest part 5000');
      }
    },
    BIG_TIMEOUT_MS,
  );

  it(
    'moderate nesting (50 levels) still parses down to the innermost text',
    async () => {
      const outcome = await parseOrReject(nestedPartsMail(50));
      if (!outcome.ok) throw new Error(`expected 50 levels to parse: ${outcome.error.message}`);
      expect(outcome.email.text).toBe('deepest part 50');
      expect(outcome.email.contentType).toBe('multipart/mixed');
    },
    SMALL_TIMEOUT_MS,
  );

  it('the generators are deterministic and well-formed', () => {
    expect(bigAttachmentMail(1024).equals(bigAttachmentMail(1024))).toBe(true);
    const nested = nestedPartsMail(3).toString('utf8');
    expect(nested.match(/boundary="nest-\d+-b"/g)).toHaveLength(3);
    expect(nested.match(/^--nest-\d+-b--$/gm)).toHaveLength(3);
    expect(() => bigAttachmentMail(-1)).toThrow(RangeError);
    expect(() => nestedPartsMail(0)).toThrow(RangeError);
  });
});
