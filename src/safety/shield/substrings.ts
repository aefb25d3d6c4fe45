/**
 * Finds which of a fixed set of ASCII substrings occur in a text, all in one pass (Aho-Corasick
 * compiled to a dense table over the 128 ASCII code units). It answers exactly what
 * `text.includes(p)` would for every pattern `p`, overlapping occurrences included, at the cost
 * of one table lookup per character instead of one scan of the text per pattern.
 */
const ALPHABET = 128;
const TOKEN_CHAR = new Uint8Array(ALPHABET);
for (let c = 97; c <= 122; c++) TOKEN_CHAR[c] = 1;
for (let c = 48; c <= 57; c++) TOKEN_CHAR[c] = 1;
TOKEN_CHAR[39] = 1;
const isTokenChar = (c: number): boolean => c < ALPHABET && TOKEN_CHAR[c] === 1;

// The text's UTF-16 code units, copied natively into a reused buffer. Reading them from a typed
// array keeps the scan loop monomorphic; charCodeAt over the mix of one-byte, two-byte, sliced and
// flat strings that mail produces cost several times more per character.
let scratch = new Uint16Array(4096);
function codeUnits(text: string): Uint16Array {
  if (scratch.length < text.length) scratch = new Uint16Array(Math.max(text.length, scratch.length * 2));
  Buffer.from(scratch.buffer, scratch.byteOffset, scratch.byteLength).write(text, 0, 'utf16le');
  return scratch;
}

export class SubstringSet {
  readonly patterns: readonly string[];
  private readonly next: Int32Array;
  /** Pattern ids that end at each state, failure chain included; -1 terminated lists in `outs`. */
  private readonly outStart: Int32Array;
  private readonly outs: Int32Array;
  /** Like outStart, for whole-token patterns. */
  private readonly wholeStart: Int32Array;

  private readonly lengths: Int32Array;

  /** With `ignoreAsciiCase`, A-Z match a-z as well (patterns must then be lower case). */
  constructor(patterns: readonly string[], wholeToken: readonly boolean[] = [], ignoreAsciiCase = false) {
    this.patterns = patterns;
    this.lengths = Int32Array.from(patterns, (p) => p.length);
    for (const p of patterns) {
      if (p.length === 0) throw new Error('SubstringSet: empty pattern');
      for (let i = 0; i < p.length; i++) if (p.charCodeAt(i) >= ALPHABET) throw new Error(`SubstringSet: non-ASCII pattern ${p}`);
    }
    // Trie.
    const children: Array<Map<number, number>> = [new Map()];
    const ends: number[][] = [[]];
    patterns.forEach((p, id) => {
      let s = 0;
      for (let i = 0; i < p.length; i++) {
        const c = p.charCodeAt(i);
        let t = children[s]!.get(c);
        if (t === undefined) {
          t = children.length;
          children.push(new Map());
          ends.push([]);
          children[s]!.set(c, t);
        }
        s = t;
      }
      ends[s]!.push(id);
    });
    // Breadth-first failure links, folded into a dense transition table.
    const n = children.length;
    const next = new Int32Array(n * ALPHABET);
    const fail = new Int32Array(n);
    const order: number[] = [];
    for (let c = 0; c < ALPHABET; c++) {
      const t = children[0]!.get(c);
      if (t !== undefined) {
        next[c] = t;
        fail[t] = 0;
        order.push(t);
      }
    }
    for (let qi = 0; qi < order.length; qi++) {
      const s = order[qi]!;
      ends[s]!.push(...ends[fail[s]!]!);
      for (let c = 0; c < ALPHABET; c++) {
        const t = children[s]!.get(c);
        if (t !== undefined) {
          fail[t] = next[fail[s]! * ALPHABET + c]!;
          next[s * ALPHABET + c] = t;
          order.push(t);
        } else next[s * ALPHABET + c] = next[fail[s]! * ALPHABET + c]!;
      }
    }
    // Substring patterns are reported where they end; whole-token patterns only once the token
    // has ended (at a non-token character or the end of the text), so a long word costs no checks.
    this.outStart = new Int32Array(n).fill(-1);
    this.wholeStart = new Int32Array(n).fill(-1);
    const outs: number[] = [];
    for (let s = 0; s < n; s++) {
      const e = [...new Set(ends[s]!)];
      const sub = e.filter((id) => !wholeToken[id]);
      // A whole-token pattern holding a non-token character can never be a token.
      const wh = e.filter((id) => wholeToken[id] && [...patterns[id]!].every((ch) => isTokenChar(ch.charCodeAt(0))));
      if (sub.length > 0) {
        this.outStart[s] = outs.length;
        outs.push(...sub, -1);
      }
      if (wh.length > 0) {
        this.wholeStart[s] = outs.length;
        outs.push(...wh, -1);
      }
    }
    this.outs = Int32Array.from(outs);
    // Entries hold the target state's row offset (state × 128), negated minus one when the target
    // ends a pattern, so the scan reads one table entry per character.
    if (ignoreAsciiCase) for (let st = 0; st < n; st++) for (let c = 65; c <= 90; c++) next[st * ALPHABET + c] = next[st * ALPHABET + c + 32] as number;
    for (let k = 0; k < next.length; k++) {
      const t = next[k] as number;
      next[k] = this.outStart[t] === -1 ? t * ALPHABET : -(t * ALPHABET) - 1;
    }
    this.next = next;
  }

  /**
   * found[i] = 1 when patterns[i] occurs in text; for a whole-token pattern, when it is one of
   * the tokens `text.split(/[^a-z0-9']+/)` would give.
   */
  scan(text: string): Uint8Array {
    const found = new Uint8Array(this.patterns.length);
    const { next, outStart, wholeStart, outs } = this;
    const n = text.length;
    const units = codeUnits(text);
    let s = 0;
    for (let i = 0; i < n; i++) {
      const c = units[i] as number;
      if (c >= ALPHABET || TOKEN_CHAR[c] === 0) {
        // A token ended at i - 1: its whole-token patterns count if they also start a token.
        const w = wholeStart[s >> 7] as number;
        if (w >= 0) this.wholeAt(text, i - 1, w, found);
        if (c >= ALPHABET) {
          // No pattern holds a non-ASCII character, so no occurrence spans one.
          s = 0;
          continue;
        }
      }
      const v = next[s + c] as number;
      if (v >= 0) {
        s = v;
        continue;
      }
      s = -v - 1;
      for (let k = outStart[s >> 7] as number; outs[k] !== -1; k++) found[outs[k] as number] = 1;
    }
    const w = wholeStart[s >> 7] as number;
    if (w >= 0) this.wholeAt(text, n - 1, w, found);
    return found;
  }

  private wholeAt(text: string, end: number, from: number, found: Uint8Array): void {
    const { outs, lengths } = this;
    for (let k = from; outs[k] !== -1; k++) {
      const id = outs[k] as number;
      const before = end - (lengths[id] as number);
      if (before < 0 || !isTokenChar(text.charCodeAt(before))) found[id] = 1;
    }
  }
}
