/**
 * Encoded chunks an attacker can hide an instruction in: base64 runs, quoted-printable text and
 * rot13. Each decoder is a linear scan; only decodings that read as text are returned.
 */

const B64_RUN = /[A-Za-z0-9+/=\r\n]{24,}/g;
/** Decoded bytes of all chunks are capped so a 1 MB base64 body costs one pass, not more. */
const MAX_DECODED = 200_000;

function looksLikeText(s: string): boolean {
  if (s.length < 8) return false;
  let printable = 0;
  let letters = 0;
  let spaces = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 32 && c < 127) || c === 10 || c === 13 || c === 9 || c >= 160) printable++;
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) letters++;
    if (c === 32) spaces++;
  }
  return printable / s.length > 0.95 && letters / s.length > 0.5 && spaces > 0;
}

export function decodeBase64Chunks(text: string): string[] {
  const out: string[] = [];
  let budget = MAX_DECODED;
  const re = B64_RUN;
  re.lastIndex = 0;
  for (let m = re.exec(text); m && budget > 0; m = re.exec(text)) {
    const compact = m[0].replace(/[\r\n]/g, '');
    // A run of one repeated character or a long word is not base64 worth decoding.
    if (compact.length < 24 || !/[0-9+/A-Z]/.test(compact) || !/[a-z]/.test(compact)) continue;
    const body = compact.slice(0, Math.min(compact.length, budget * 2)).replace(/=+$/, '');
    const decoded = Buffer.from(body.slice(0, body.length - (body.length % 4)), 'base64').toString('utf8');
    budget -= decoded.length;
    if (looksLikeText(decoded)) out.push(decoded);
  }
  return out;
}

/** Quoted-printable is decoded only when the text carries enough QP escapes to be QP. */
export function decodeQuotedPrintable(text: string): string | null {
  const escapes = text.match(/=[0-9A-F]{2}/g)?.length ?? 0;
  if (escapes < 3) return null;
  const bytes = Buffer.from(text.replace(/=\r?\n/g, ''), 'latin1');
  const out: number[] = [];
  const hex = (c: number | undefined) => (c === undefined ? -1 : c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : -1);
  for (let i = 0; i < bytes.length; i++) {
    const hi = bytes[i] === 61 ? hex(bytes[i + 1]) : -1;
    const lo = hi >= 0 ? hex(bytes[i + 2]) : -1;
    if (hi >= 0 && lo >= 0) {
      out.push(hi * 16 + lo);
      i += 2;
    } else out.push(bytes[i] as number);
  }
  return Buffer.from(out).toString('utf8');
}

// rot13 forms of words that only an attack or a crisis message would encode.
const ROT13_HINTS = ['vtaber', 'vafgehpgvba', 'flfgrz', 'cebzcg', 'wnvyoernx', 'qvfertneq', 'xvyy', 'fhvpvqr', 'bireqbfr', 'zlfrys'];

export function rot13(s: string): string {
  const out = new Uint16Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[i] = c >= 97 && c <= 122 ? ((c - 84) % 26) + 97 : c >= 65 && c <= 90 ? ((c - 52) % 26) + 65 : c;
  }
  return new TextDecoder('utf-16le').decode(out);
}

/** The rot13 reading of `text`, when it contains rot13-encoded attack or crisis words. */
export function decodeRot13(text: string): string | null {
  const lower = text.toLowerCase();
  return ROT13_HINTS.some((w) => lower.includes(w)) ? rot13(text) : null;
}

/** Every decoded reading of `text` worth screening. */
export function decodedChunks(text: string): string[] {
  const chunks = decodeBase64Chunks(text);
  const qp = decodeQuotedPrintable(text);
  if (qp !== null) chunks.push(qp);
  const r13 = decodeRot13(text);
  if (r13 !== null) chunks.push(r13);
  return chunks;
}
