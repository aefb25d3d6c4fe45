/**
 * Generators for the two malformed-mail cases too big to commit as fixtures. Both return raw
 * RFC 5322 bytes with CRLF line endings, built deterministically (no randomness), from fictional
 * addresses only.
 */

const CRLF = '\r\n';

const headerBlock = (subject: string, messageId: string, contentType: string) =>
  [
    'From: Dana Recruiter <dana.recruiter@talentco.example>',
    'To: hermes@example.test',
    `Subject: ${subject}`,
    'Date: Mon, 10 Jun 2024 09:00:00 +0000',
    `Message-ID: <${messageId}@talentco.example>`,
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}`,
    '',
    '',
  ].join(CRLF);

/**
 * A recruiter mail with one base64 attachment of exactly `sizeBytes` decoded bytes (default use:
 * 20 MB), wrapped at 76 characters as RFC 2045 requires.
 */
export function bigAttachmentMail(sizeBytes: number): Buffer {
  if (!Number.isInteger(sizeBytes) || sizeBytes < 0) throw new RangeError('sizeBytes must be a non-negative integer');
  const payload = Buffer.allocUnsafe(sizeBytes);
  for (let i = 0; i < sizeBytes; i++) payload[i] = (i * 31 + (i >> 8)) & 0xff;
  const b64 = payload.toString('base64');

  const boundary = 'big-attachment-boundary-0001';
  const head = Buffer.from(
    headerBlock('Portfolio attached (large)', 'big-attachment', `multipart/mixed; boundary="${boundary}"`) +
      [
        `--${boundary}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Hi Alex, the full portfolio is attached.',
        `--${boundary}`,
        'Content-Type: application/octet-stream; name="portfolio.bin"',
        'Content-Disposition: attachment; filename="portfolio.bin"',
        'Content-Transfer-Encoding: base64',
        '',
        '',
      ].join(CRLF),
  );
  const lineCount = Math.ceil(b64.length / 76);
  const body = Buffer.allocUnsafe(b64.length + lineCount * 2);
  let out = 0;
  for (let i = 0; i < b64.length; i += 76) {
    out += body.write(b64.slice(i, i + 76), out, 'latin1');
    out += body.write(CRLF, out, 'latin1');
  }
  const tail = Buffer.from(`--${boundary}--${CRLF}`);
  return Buffer.concat([head, body.subarray(0, out), tail]);
}

/**
 * `depth` multipart/mixed parts nested inside each other, each with its own boundary, with one
 * text/plain leaf ("deepest part <depth>") at the bottom. Default use: 5,000 levels.
 */
export function nestedPartsMail(depth: number): Buffer {
  if (!Number.isInteger(depth) || depth < 1) throw new RangeError('depth must be a positive integer');
  const boundary = (i: number) => `nest-${i}-b`;
  const open: string[] = [];
  const close: string[] = [];
  // Level 0 is the message itself; levels 1..depth-1 are nested body parts.
  for (let i = 0; i < depth; i++) {
    if (i > 0) open.push(`Content-Type: multipart/mixed; boundary="${boundary(i)}"${CRLF}${CRLF}`);
    open.push(`--${boundary(i)}${CRLF}`);
    close.push(`${CRLF}--${boundary(i)}--${CRLF}`);
  }
  const leaf = `Content-Type: text/plain; charset=utf-8${CRLF}${CRLF}deepest part ${depth}`;
  const text =
    headerBlock(`Nested ${depth} levels`, `nested-${depth}`, `multipart/mixed; boundary="${boundary(0)}"`) + open.join('') + leaf + close.reverse().join('');
  return Buffer.from(text, 'utf8');
}
