/**
 * The recruiter's original inside a mail the owner forwarded to the forwarded-channel address
 * (DESIGN.md section 1): who wrote it, to whom, when, about what, and what it said. Reads an
 * attached message/rfc822 part first, then the inline header blocks Gmail, Outlook, Apple Mail
 * and most other clients write above a forwarded body. Pure apart from parsing an attached
 * message; linear in the text (every header block is at most a few lines long).
 */
import { z } from 'zod';
import type { InboundEmail, MailAddress } from './inbound-email.js';
import { parseEmail } from './parse-email.js';

export type ForwardFormat = 'rfc822' | 'gmail' | 'outlook' | 'apple' | 'generic';

export interface ForwardedOriginal {
  from: MailAddress;
  to: MailAddress[];
  /** Without "Fwd:", "FW:" and the like. */
  subject: string;
  date: Date | null;
  /** Everything the original's body holds, below its header block; never the owner's note. */
  text: string;
  messageId: string | null;
  format: ForwardFormat;
}

export interface ExtractOptions {
  /**
   * The owner's addresses. An original sent from one of them (or by the forwarder) is the
   * owner's own forward of a forward: the recruiter's mail is the one inside it.
   */
  ownAddresses?: readonly string[];
}

/** Attached messages inside attached messages are followed this deep, no further. */
const MAX_ATTACHED_DEPTH = 3;

// ---------------------------------------------------------------------------------------------
// Lines

interface Line {
  /** How many "> " quote levels the line carries (HTML blockquotes render as such). */
  depth: number;
  /** The line without its quote markers, trimmed. */
  content: string;
}

function toLines(text: string): Line[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((raw) => {
      const marks = /^(?:[ \t]*>)+/.exec(raw)?.[0] ?? '';
      return { depth: marks.split('>').length - 1, content: raw.slice(marks.length).trim() };
    });
}

/** The full body: the parser moved the forwarded block out of `text` into quoted text or the signature. */
function fullBody(email: Pick<InboundEmail, 'text' | 'signature' | 'quotedText'>): string {
  return [email.text, email.signature, email.quotedText].filter((part) => part.trim() !== '').join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// Markers

type Marker = Exclude<ForwardFormat, 'rfc822'>;

function markerAt(content: string): Marker | null {
  if (content.length > 120) return null;
  // Gmail writes "---------- Forwarded message ---------" with a lower-case "message".
  if (/^-{5,}\s*Forwarded message\s*-{5,}$/.test(content)) return 'gmail';
  if (/^Begin forwarded message\s*:?$/i.test(content)) return 'apple';
  // Classic Outlook's separator, newer Outlook's rule, and an HTML <hr> rendered as dashes.
  if (/^-{2,}\s*Original Message\s*-{2,}$/i.test(content) || /^_{10,}$/.test(content) || /^-{20,}$/.test(content)) return 'outlook';
  if (/^[-=_*~#<>[\]()\s]*(?:forwarded (?:message|e-?mail|mail)|fwd message)\b[^a-z]*$/i.test(content)) return 'generic';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Header blocks

type HeaderKey = 'from' | 'sent' | 'date' | 'to' | 'cc' | 'bcc' | 'subject' | 'reply-to' | 'message-id' | 'importance';
const HEADER = /^\*{0,2}(from|sent|date|to|cc|bcc|subject|reply-to|message-id|importance)\*{0,2}\s*:\*{0,2}\s*(.*)$/i;
const ADDRESS_KEYS = new Set<HeaderKey>(['from', 'to', 'cc', 'bcc', 'reply-to']);

function headerAt(line: Line | undefined): { key: HeaderKey; value: string } | null {
  const m = line ? HEADER.exec(line.content) : null;
  return m ? { key: m[1]!.toLowerCase() as HeaderKey, value: m[2]!.trim() } : null;
}

interface Block {
  marker: Marker | null;
  depth: number;
  headers: Map<HeaderKey, string>;
  /** Index of the first line after the header block. */
  bodyStart: number;
}

/** Mail converted from HTML is wrapped at 80 columns; a line this long may have been cut. */
const WRAPPED = 60;

/** Whether line i, not itself a header, continues the header above it (a wrapped long value). */
function continues(lines: readonly Line[], i: number, key: HeaderKey, depth: number): boolean {
  const line = lines[i]!;
  if (line.content === '' || line.depth !== depth) return false;
  if (ADDRESS_KEYS.has(key) && line.content.includes('@')) return true;
  const next = lines[i + 1];
  if (headerAt(next) !== null && next!.depth === depth) return true;
  // Outlook puts Subject last: its wrapped tail is followed by the blank line before the body.
  return key === 'subject' && lines[i - 1]!.content.length >= WRAPPED && (next === undefined || next.content === '');
}

/** The header lines starting at `start`: one value per key, one blank line tolerated between. */
function readHeaderBlock(lines: readonly Line[], start: number, marker: Marker | null): Block | null {
  const depth = lines[start]!.depth;
  const headers = new Map<HeaderKey, string>();
  let last: HeaderKey | null = null;
  let i = start;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const header = line.depth === depth ? headerAt(line) : null;
    if (header) {
      if (headers.has(header.key)) break;
      headers.set(header.key, header.value);
      last = header.key;
    } else if (line.content === '' && headers.size > 0 && headerAt(lines[i + 1]) && lines[i + 1]!.depth === depth) {
      continue;
    } else if (last && continues(lines, i, last, depth)) {
      headers.set(last, `${headers.get(last)!} ${line.content}`);
    } else {
      break;
    }
  }
  if (!headers.has('from')) return null;
  // Without a marker only a complete block counts, so a stray "From:" in prose does not.
  const complete = headers.has('sent') || (headers.has('date') && headers.has('subject'));
  if (!marker && !complete) return null;
  if (marker && headers.size < 2) return null;
  return { marker, depth, headers, bodyStart: i };
}

/** Every header block in order: after a marker (within a few lines), or a complete one alone. */
function findBlocks(lines: readonly Line[]): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const marker = markerAt(lines[i]!.content);
    let block: Block | null = null;
    if (marker) {
      let j = i + 1;
      while (j < lines.length && j <= i + 3 && lines[j]!.content === '') j++;
      if (j < lines.length) block = readHeaderBlock(lines, j, marker);
    } else if (headerAt(lines[i])?.key === 'from') {
      block = readHeaderBlock(lines, i, null);
    }
    if (block) {
      blocks.push(block);
      i = block.bodyStart - 1;
    }
  }
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// Values

const EMAIL = z.email();
const ADDRESS_TOKEN = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

function cleanName(s: string): string {
  return s
    .replace(/[<>[\]"*]/g, ' ')
    .replace(/^[\s,;:]+|[\s,;:]+$/g, '')
    .replace(/\s+/g, ' ');
}

/**
 * The addresses in a header value as clients print them: `Name <addr>`, `"Last, First" <addr>`,
 * Outlook's `Name [mailto:addr]`, an HTML link rendered as `addr [addr]`, bare addresses, any
 * separator. Each name is the text since the previous address.
 */
export function addressesIn(value: string): MailAddress[] {
  const s = value.replace(/mailto:/gi, '');
  const out: MailAddress[] = [];
  let previousEnd = 0;
  let previous: string | null = null;
  for (const m of s.matchAll(ADDRESS_TOKEN)) {
    const address = m[0].replace(/\.+$/, '').toLowerCase();
    const between = s.slice(previousEnd, m.index);
    previousEnd = m.index + m[0].length;
    if (address === previous && /^[\s<>[\]()"']*$/.test(between)) continue;
    if (!EMAIL.safeParse(address).success) continue;
    out.push({ address, name: cleanName(between) });
    previous = address;
  }
  return out;
}

const FORWARD_PREFIX = /^(?:\s*(?:fwd?|fw|tr|wg)\s*:\s*)+/i;

export function stripForwardPrefix(subject: string): string {
  const bracketed = /^\s*\[fwd?:\s*([^\]]*)\]\s*$/i.exec(subject);
  return (bracketed ? bracketed[1]! : subject).replace(FORWARD_PREFIX, '').trim();
}

// V8 reads only the North American zone names; these are common in forwarded headers too.
const ZONES: Record<string, string> = { BST: '+0100', CET: '+0100', CEST: '+0200', EET: '+0200', EEST: '+0300', WET: '+0000', WEST: '+0100', IST: '+0530', JST: '+0900', AEST: '+1000', AEDT: '+1100', HST: '-1000', AKST: '-0900', AKDT: '-0800' };
const V8_ZONES = new Set(['UT', 'UTC', 'GMT', 'Z', 'EST', 'EDT', 'CST', 'CDT', 'MST', 'MDT', 'PST', 'PDT']);

/**
 * A date as a forward prints it ("Tue, Jun 4, 2024 at 9:15 AM", "June 4, 2024 at 9:15:00 AM PDT",
 * RFC 5322). One without a zone is read as UTC, so the result does not depend on the machine;
 * an unknown zone name gives null rather than a guess.
 */
export function parseForwardDate(value: string): Date | null {
  let s = value
    .replace(/\s+at\s+/i, ' ')
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const zone = /\s([A-Z]{2,5})$/.exec(s);
  const name = zone?.[1];
  if (name && name !== 'AM' && name !== 'PM' && !V8_ZONES.has(name)) {
    if (!ZONES[name]) return null;
    s = `${s.slice(0, zone.index)} ${ZONES[name]}`;
  } else if (!name || name === 'AM' || name === 'PM') {
    if (!/(?:[+-]\d{2}:?\d{2}|GMT[+-]\d{1,2}(?::?\d{2})?|\dZ)$/i.test(s)) s += ' UTC';
  }
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? null : new Date(ms);
}

function tidy(lines: readonly string[]): string {
  return lines
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The block's body: its lines to the end, quote markers of its own level removed. */
function bodyOf(lines: readonly Line[], raw: readonly string[], block: Block): string {
  const out: string[] = [];
  for (let i = block.bodyStart; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.content !== '' && line.depth < block.depth) break;
    let text = raw[i]!;
    for (let d = 0; d < block.depth; d++) text = text.replace(/^[ \t]*> ?/, '');
    out.push(text);
  }
  return tidy(out);
}

function formatOf(block: Block): Marker {
  return block.marker ?? (block.headers.has('sent') ? 'outlook' : 'generic');
}

// ---------------------------------------------------------------------------------------------
// Extraction

const fold = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Who counts as the owner: their addresses, and the forwarder's full name on another address. */
interface Owner { addresses: ReadonlySet<string>; fullName: string | null }

function isOwn(sender: MailAddress, owner: Owner): boolean {
  return owner.addresses.has(sender.address.toLowerCase()) || (owner.fullName !== null && fold(sender.name) === owner.fullName);
}

function fromInline(email: InboundEmail, own: Owner): ForwardedOriginal | null {
  const body = fullBody(email);
  const raw = body.replace(/\r\n?/g, '\n').split('\n');
  const lines = toLines(body);
  for (const block of findBlocks(lines)) {
    const from = addressesIn(block.headers.get('from')!)[0];
    if (!from || isOwn(from, own)) continue;
    const subject = block.headers.get('subject');
    const id = /<[^<>\s]+>/.exec(block.headers.get('message-id') ?? '')?.[0] ?? null;
    return {
      from,
      to: addressesIn(block.headers.get('to') ?? ''),
      subject: stripForwardPrefix(subject ?? email.subject),
      date: parseForwardDate(block.headers.get('date') ?? block.headers.get('sent') ?? ''),
      text: bodyOf(lines, raw, block),
      messageId: id,
      format: formatOf(block),
    };
  }
  return null;
}

async function fromAttached(email: InboundEmail, own: Owner, depth: number): Promise<ForwardedOriginal | null> {
  for (const raw of email.attachedMessages ?? []) {
    let inner: InboundEmail;
    try {
      inner = await parseEmail(raw);
    } catch {
      continue; // a damaged attachment: the inline text may still hold the original
    }
    if (inner.from && !isOwn(inner.from, own)) {
      return {
        from: inner.from,
        to: inner.to,
        subject: stripForwardPrefix(inner.subject),
        date: inner.date ? new Date(inner.date) : null,
        text: tidy(fullBody(inner).split('\n')),
        messageId: inner.messageId,
        format: 'rfc822',
      };
    }
    // The owner's own forward, attached: the recruiter's mail is inside it.
    const nested = await extract(inner, own, depth + 1);
    if (nested) return nested;
  }
  return null;
}

async function extract(email: InboundEmail, own: Owner, depth: number): Promise<ForwardedOriginal | null> {
  const attached = depth < MAX_ATTACHED_DEPTH ? await fromAttached(email, own, depth) : null;
  return attached ?? fromInline(email, own);
}

/**
 * The original inside a forwarded mail, or null when none has a valid sender address. An
 * attached message wins over inline text (the text is then the owner's note). With nested
 * forwards the outermost original not sent by the owner is returned: that is the person who
 * wrote to the owner; whatever they forwarded in turn stays in `text`. The owner is the
 * forwarder's address, `opts.ownAddresses`, and the forwarder's full display name (the owner
 * passing on what reached another of their mailboxes).
 */
export async function extractForwarded(email: InboundEmail, opts: ExtractOptions = {}): Promise<ForwardedOriginal | null> {
  const addresses = new Set([...(opts.ownAddresses ?? []), ...(email.from ? [email.from.address] : [])].map((a) => a.toLowerCase()));
  // Only a full name (two words or more): a recruiter may well share the owner's first name.
  const name = fold(email.from?.name ?? '');
  return extract(email, { addresses, fullName: name.includes(' ') ? name : null }, 0);
}
