/**
 * Separates what a sender just wrote from the history their client quoted under (or over) it
 * and from their signature. Pure; works line by line so it is linear in the text.
 */
export interface SplitText {
  text: string;
  quoted: string;
  signature: string;
}

const ATTRIBUTION = [
  /^on\b.{0,200}\bwrote:?\s*$/i, // On Mon, 3 Jun 2024, Jane <j@x> wrote:
  /^le\b.{0,200}\ba écrit\s*:?\s*$/i,
  /^am\b.{0,200}\bschrieb\b.{0,100}:?\s*$/i,
  /^el\b.{0,200}\bescribió:?\s*$/i,
  /^-{2,}\s*original message\s*-{2,}\s*$/i,
  /^-{2,}\s*forwarded message\s*-{2,}\s*$/i,
  /^begin forwarded message:?\s*$/i,
  /^_{10,}\s*$/, // Outlook's separator line above the quoted header block
];
const OUTLOOK_HEADER = /^\*?(from|de|von)\s*:\*?\s+\S/i;
const OUTLOOK_FOLLOW = /^\*?(sent|date|to|subject|envoyé|gesendet)\s*:/i;
const SIGNATURE_START = [
  /^-- ?$/, // RFC 3676 signature delimiter
  /^sent from my (iphone|ipad|android|mobile|phone|samsung|galaxy|blackberry)\b/i,
  /^get outlook for (ios|android)\b/i,
  /^sent from (outlook|mail) for\b/i,
];

function isAttributionAt(lines: string[], i: number): boolean {
  const line = (lines[i] ?? '').trim();
  if (ATTRIBUTION.some((re) => re.test(line))) return true;
  // "On ... <address>" sometimes wraps before "wrote:".
  if (/^on\b/i.test(line) && /^.{0,200}wrote:\s*$/i.test((lines[i + 1] ?? '').trim()) && line.length < 200) return true;
  if (OUTLOOK_HEADER.test(line)) {
    const next = lines.slice(i + 1, i + 4).map((l) => l.trim());
    return next.some((l) => OUTLOOK_FOLLOW.test(l));
  }
  return false;
}

export function splitQuoted(input: string): SplitText {
  const lines = input.replace(/\r\n?/g, '\n').split('\n');
  // Index of the last line that is neither blank nor quoted: '>' lines after it form the quoted tail.
  let lastOwnLine = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] ?? '';
    if (line.trim() !== '' && !/^\s*>/.test(line)) {
      lastOwnLine = i;
      break;
    }
  }
  let quoteStart = -1;
  for (let i = 0; i < lines.length; i++) {
    if (isAttributionAt(lines, i)) {
      quoteStart = i;
      break;
    }
    // A block of '>' lines that runs to the end (ignoring blanks) is quoted history; an
    // interleaved reply keeps its own lines and loses only the quoted ones below.
    if (i > lastOwnLine && /^\s*>/.test(lines[i] ?? '')) {
      quoteStart = i;
      break;
    }
  }
  const bodyLines = quoteStart >= 0 ? lines.slice(0, quoteStart) : lines;
  const quotedLines = quoteStart >= 0 ? lines.slice(quoteStart) : [];

  let sigStart = -1;
  for (let i = 0; i < bodyLines.length; i++) {
    const line = bodyLines[i] ?? '';
    if (SIGNATURE_START.some((re) => re.test(line.trimEnd()))) {
      sigStart = i;
      break;
    }
  }
  const textLines = sigStart >= 0 ? bodyLines.slice(0, sigStart) : bodyLines;
  const signatureLines = sigStart >= 0 ? bodyLines.slice(sigStart) : [];
  const interleavedQuotes = textLines.filter((l) => /^\s*>/.test(l));
  const ownLines = textLines.filter((l) => !/^\s*>/.test(l));
  return {
    text: tidy(ownLines.join('\n')),
    quoted: tidy([...interleavedQuotes, ...quotedLines].join('\n')),
    signature: tidy(signatureLines.join('\n')),
  };
}

function tidy(s: string): string {
  return s
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
