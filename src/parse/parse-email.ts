import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { AppError } from '../shared/errors.js';
import type { InboundEmail, MailAddress } from './inbound-email.js';
import { splitQuoted } from './quote-split.js';

/** HTML beyond this is not converted to text; recruiter mail is far smaller. */
const MAX_HTML_TO_TEXT = 2_000_000;
/** A body longer than this is cut before quote splitting; the raw message keeps it all. */
const MAX_TEXT = 200_000;
/** Attached messages kept for the forwarded channel; a forward carries one, rarely a few. */
const MAX_ATTACHED_MESSAGES = 5;

function addresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  const out: MailAddress[] = [];
  const walk = (entries: AddressObject['value']) => {
    for (const e of entries) {
      if (e.group) walk(e.group);
      else if (e.address) out.push({ address: e.address.trim().toLowerCase(), name: (e.name ?? '').trim() });
    }
  };
  for (const obj of list) walk(obj.value);
  return out;
}

function rawHeaders(parsed: ParsedMail): Record<string, string[]> {
  const headers: Record<string, string[]> = {};
  for (const { key, line } of parsed.headerLines ?? []) {
    if (!key.trim()) continue;
    const colon = line.indexOf(':');
    const value = (colon >= 0 ? line.slice(colon + 1) : '').replace(/\r?\n[ \t]+/g, ' ').trim();
    (headers[key.toLowerCase()] ??= []).push(value);
  }
  return headers;
}

function normaliseId(id: string | undefined | null): string | null {
  if (!id) return null;
  const trimmed = id.trim();
  if (!trimmed) return null;
  return trimmed.startsWith('<') ? trimmed : `<${trimmed}>`;
}

function messageIds(value: string | string[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .flatMap((v) => v.match(/<[^<>\s]+>/g) ?? v.split(/\s+/))
    .map((v) => normaliseId(v))
    .filter((v): v is string => v !== null);
}

function topContentType(parsed: ParsedMail): string {
  const ct = parsed.headers.get('content-type') as { value?: string } | string | undefined;
  const value = typeof ct === 'string' ? ct : ct?.value;
  return (value ?? 'text/plain').toLowerCase();
}

/**
 * mailparser fills `text` from the HTML when there is no text/plain part, so whether the text
 * was converted has to be read from the MIME structure: a part declared text/plain, or a
 * top-level body with no Content-Type at all (RFC 2045 default).
 */
function hasTextPlainPart(raw: Buffer): boolean {
  const s = raw.toString('latin1');
  if (/^content-type:[ \t]*(\r?\n[ \t]+)?text\/plain/im.test(s)) return true;
  const headEnd = s.search(/\r?\n\r?\n/);
  const head = headEnd >= 0 ? s.slice(0, headEnd) : s;
  return !/^content-type:/im.test(head);
}

/** mailparser substitutes "now" for an unreadable Date header; keep it null instead. */
function headerDate(parsed: ParsedMail): string | null {
  const line = parsed.headerLines?.find((h) => h.key.toLowerCase() === 'date')?.line;
  if (!line) return null;
  const value = line.slice(line.indexOf(':') + 1).trim();
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return null;
  return parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : new Date(ms).toISOString();
}

/**
 * Parses one raw RFC 5322 message. mailparser tolerates most damage (bad boundaries, unknown
 * charsets, 8-bit headers); whatever it cannot handle surfaces as MAIL_PARSE_FAILED.
 */
export async function parseEmail(raw: Buffer): Promise<InboundEmail> {
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, { maxHtmlLengthToParse: MAX_HTML_TO_TEXT, skipImageLinks: true, skipTextToHtml: true });
  } catch (err) {
    throw new AppError('MAIL_PARSE_FAILED', `cannot parse message: ${(err as Error).message}`, { cause: err });
  }
  const fromHtml = typeof parsed.html === 'string' && !hasTextPlainPart(raw);
  const body = (parsed.text ?? '').slice(0, MAX_TEXT);
  const split = splitQuoted(body);
  const from = addresses(parsed.from)[0] ?? null;
  const attachedMessages = parsed.attachments
    .filter((a) => a.contentType.toLowerCase() === 'message/rfc822')
    .slice(0, MAX_ATTACHED_MESSAGES)
    .map((a) => a.content);
  return {
    from,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    replyTo: addresses(parsed.replyTo),
    subject: (parsed.subject ?? '').trim(),
    messageId: normaliseId(parsed.messageId),
    inReplyTo: messageIds(parsed.inReplyTo)[0] ?? null,
    references: messageIds(parsed.references),
    date: headerDate(parsed),
    text: split.text,
    quotedText: split.quoted,
    signature: split.signature,
    fromHtml,
    html: typeof parsed.html === 'string' ? parsed.html.slice(0, MAX_HTML_TO_TEXT) : null,
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      size: a.size,
      disposition: a.contentDisposition ?? null,
    })),
    ...(attachedMessages.length > 0 ? { attachedMessages } : {}),
    contentType: topContentType(parsed),
    headers: rawHeaders(parsed),
  };
}

/** Cheap Message-ID read from the header block, used for dedupe before a full parse. */
export function peekMessageId(raw: Buffer): string | null {
  const end = raw.indexOf('\r\n\r\n');
  const end2 = raw.indexOf('\n\n');
  const cut = [end, end2].filter((n) => n >= 0);
  const head = raw.subarray(0, cut.length ? Math.min(...cut) : Math.min(raw.length, 64 * 1024)).toString('latin1');
  const m = /^message-id:[ \t]*((?:.*)(?:\r?\n[ \t].*)*)/im.exec(head);
  if (!m?.[1]) return null;
  const id = /<[^<>\s]+>/.exec(m[1])?.[0];
  return id ?? normaliseId(m[1].replace(/\s+/g, ''));
}
