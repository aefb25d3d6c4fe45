/**
 * Finds which of a fixed set of ASCII substrings occur in a text, all in one pass (Aho-Corasick
 * compiled to a dense table over the 128 ASCII code units). It answers exactly what
 * `text.includes(p)` would for every pattern `p`, overlapping occurrences included, at the cost
 * of one table lookup per character instead of one scan of the text per pattern.
 */
import { PIECE_UNITS } from './code-units.js';

const ALPHABET = 128;
const TOKEN_CHAR = new Uint8Array(ALPHABET);
for (let c = 97; c <= 122; c++) TOKEN_CHAR[c] = 1;
for (let c = 48; c <= 57; c++) TOKEN_CHAR[c] = 1;
TOKEN_CHAR[39] = 1;
const isTokenChar = (c: number): boolean => c < ALPHABET && TOKEN_CHAR[c] === 1;

const UNITS = PIECE_UNITS;
/** Texts at least this long are walked as two halves side by side (see `scanHits`). */
const SPLIT_MIN_CHARS = 256;
/** The bit of a table entry that asks for a look; the other 15 hold the target state. */
const LOOK = 0x8000;
/**
 * The table has a column per character class, not per ASCII character: one class for each
 * character some pattern holds, one for the other token characters and one for the rest. About
 * 50 classes fit in 64 columns, so the table is half what 128 columns took (about 1.1 MB for
 * SHIELD's ~1 900 patterns, within a core's L2 cache instead of spilling out of it).
 */
const CLASS_BITS = 6;
const MAX_CLASSES = 1 << CLASS_BITS;
const OTHER = 0;
const OTHER_TOKEN = 1;
/**
 * The class of every code unit beyond ASCII, which no pattern holds: its column sends every state
 * to the root with a look (which ends a token there), so the walk reads a class for any code unit
 * with no test of its range.
 */
const BEYOND_ASCII = MAX_CLASSES - 1;
const COMMON_FIRST = " etaoinsrhldcumfpgwybvkxjqz'";

export interface ScanHits {
  /** found[i] = 1 when patterns[i] occurs. The set's own array, valid until its next scan. */
  found: Uint8Array;
  /** The ids with found[id] = 1, each once. */
  hits: number[];
}

/** What `occurrences` reports. */
export interface Occurrences {
  /** Pattern ids, in the order their occurrences end. */
  ids: number[];
  /** Where each of those occurrences starts. */
  starts: number[];
  /** The longest run of whitespace, or of word characters (`RUN_KIND`), in the text. */
  longestRun: number;
}

/** 1 for whitespace, 2 for the characters of words, addresses and numbers, 0 for the rest. */
const RUN_KIND = new Uint8Array(ALPHABET);
for (const c of [9, 10, 11, 12, 13, 32]) RUN_KIND[c] = 1;
for (let c = 0; c < ALPHABET; c++) if (isTokenChar(c) || '_-.%+@'.includes(String.fromCharCode(c))) RUN_KIND[c] = 2;

export class SubstringSet {
  readonly patterns: readonly string[];
  private readonly next: Uint16Array;
  /** Class of each ASCII code unit. */
  private readonly classOf: Uint8Array;
  /** Pattern ids that end at each state, failure chain included; -1 terminated lists in `outs`. */
  private readonly outStart: Int32Array;
  private readonly outs: Int32Array;
  /** Like outStart, for whole-token patterns. */
  private readonly wholeStart: Int32Array;

  private readonly lengths: Int32Array;
  /** The longest pattern's length. */
  private readonly longest: number;
  /**
   * The `found` array every scan returns, cleared through the previous scan's hits: allocating a
   * zeroed typed array per scan cost ~1 µs, a fifth of the scan of an email.
   */
  private readonly found: Uint8Array;
  private lastHits: number[] = [];

  /** With `ignoreAsciiCase`, A-Z match a-z as well (patterns must then be lower case). */
  constructor(patterns: readonly string[], wholeToken: readonly boolean[] = [], ignoreAsciiCase = false) {
    this.patterns = patterns;
    this.lengths = Int32Array.from(patterns, (p) => p.length);
    this.longest = patterns.reduce((m, p) => Math.max(m, p.length), 1);
    this.found = new Uint8Array(patterns.length);
    for (const p of patterns) {
      if (p.length === 0) throw new Error('SubstringSet: empty pattern');
      for (let i = 0; i < p.length; i++) if (p.charCodeAt(i) >= ALPHABET) throw new Error(`SubstringSet: non-ASCII pattern ${p}`);
    }
    // Classes: one per pattern character, then the other token characters share one and the rest another.
    const classOf = new Uint8Array(0x10000).fill(BEYOND_ASCII);
    classOf.fill(OTHER, 0, ALPHABET);
    for (let c = 0; c < ALPHABET; c++) if (isTokenChar(c)) classOf[c] = OTHER_TOKEN;
    let classes = 2;
    const held = new Set<number>();
    for (const p of patterns) for (let i = 0; i < p.length; i++) held.add(p.charCodeAt(i));
    // The space, the letters (most frequent in English first) and the apostrophe come first, so that
    // the entries ordinary text reads are in the first 64 bytes of each 128-byte row.
    for (const p of [COMMON_FIRST, ...patterns]) {
      for (let i = 0; i < p.length; i++) {
        const c = p.charCodeAt(i);
        if (classOf[c] !== OTHER && classOf[c] !== OTHER_TOKEN) continue;
        if (p === COMMON_FIRST && !held.has(c)) continue;
        if (classes === BEYOND_ASCII) throw new Error(`SubstringSet: more than ${BEYOND_ASCII - 2} distinct pattern characters`);
        classOf[c] = classes++;
      }
    }
    // Upper case letters read as their lower case class. Tokens are lower case, so a set that
    // ignores case has no whole-token patterns.
    if (ignoreAsciiCase) {
      if (wholeToken.some(Boolean)) throw new Error('SubstringSet: whole-token patterns with ignoreAsciiCase');
      for (let c = 65; c <= 90; c++) classOf[c] = classOf[c + 32] as number;
    }
    const tokenClass = new Uint8Array(MAX_CLASSES);
    for (let c = 0; c < ALPHABET; c++) if (isTokenChar(c)) tokenClass[classOf[c] as number] = 1;
    // Trie: its edges and each state's depth, with states numbered as they are made.
    const built: Array<Map<number, number>> = [new Map()];
    const builtEnds: number[][] = [[]];
    const depth: number[] = [0];
    const edges: number[] = [];
    patterns.forEach((p, id) => {
      let s = 0;
      for (let i = 0; i < p.length; i++) {
        const c = classOf[p.charCodeAt(i)] as number;
        let t = built[s]!.get(c);
        if (t === undefined) {
          t = built.length;
          built.push(new Map());
          builtEnds.push([]);
          depth.push(i + 1);
          edges.push(s, c, t);
          built[s]!.set(c, t);
        }
        s = t;
      }
      builtEnds[s]!.push(id);
    });
    // States renumbered by depth, so that the shallow states, which ordinary text keeps returning
    // to, have their rows side by side at the start of the table rather than spread across all of
    // it between the deep states of each pattern.
    const n = built.length;
    const atDepth = new Int32Array(this.longest + 2);
    for (const d of depth) atDepth[d + 1]!++;
    for (let d = 1; d < atDepth.length; d++) atDepth[d]! += atDepth[d - 1]!;
    const renumbered = new Int32Array(n);
    const byDepth = new Int32Array(n);
    for (let old = 0; old < n; old++) {
      const now = atDepth[depth[old]!]!++;
      renumbered[old] = now;
      byDepth[now] = old;
    }
    // The trie's edges in the new numbering, as a dense table (-1: no edge).
    const goto = new Int32Array(n * MAX_CLASSES).fill(-1);
    for (let k = 0; k < edges.length; k += 3) goto[(renumbered[edges[k]!]! << CLASS_BITS) + edges[k + 1]!] = renumbered[edges[k + 2]!]!;
    const ends = Array.from(byDepth, (old) => builtEnds[old]!);
    // Breadth-first failure links, folded into a dense transition table.
    const next = new Int32Array(n * MAX_CLASSES);
    const fail = new Int32Array(n);
    const order: number[] = [];
    for (let c = 0; c < MAX_CLASSES; c++) {
      const t = goto[c] as number;
      if (t >= 0) {
        next[c] = t;
        fail[t] = 0;
        order.push(t);
      }
    }
    for (let qi = 0; qi < order.length; qi++) {
      const s = order[qi]!;
      ends[s]!.push(...ends[fail[s]!]!);
      for (let c = 0; c < MAX_CLASSES; c++) {
        const t = goto[s * MAX_CLASSES + c] as number;
        if (t >= 0) {
          fail[t] = next[fail[s]! * MAX_CLASSES + c]!;
          next[s * MAX_CLASSES + c] = t;
          order.push(t);
        } else next[s * MAX_CLASSES + c] = next[fail[s]! * MAX_CLASSES + c]!;
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
    // Entries hold the target state in 15 bits, and LOOK when the step needs a look: its target ends
    // a substring pattern, or its character ends a token while the state ends a whole-token
    // pattern. Ordinary text then costs one table read and one test per character, and 16-bit
    // entries keep the table half the size, so more of it stays in cache.
    if (n > LOOK) throw new Error(`SubstringSet: ${n} states, more than ${LOOK}`);
    const table = new Uint16Array(n * MAX_CLASSES);
    for (let st = 0; st < n; st++) {
      for (let c = 0; c < MAX_CLASSES; c++) {
        const k = st * MAX_CLASSES + c;
        const t = next[k] as number;
        const look = this.outStart[t] !== -1 || (tokenClass[c] === 0 && this.wholeStart[st] !== -1);
        table[k] = c === BEYOND_ASCII ? LOOK : look ? t | LOOK : t;
      }
    }
    this.next = table;
    this.classOf = classOf;
  }

  /**
   * found[i] = 1 when patterns[i] occurs in text; for a whole-token pattern, when it is one of
   * the tokens `text.split(/[^a-z0-9']+/)` would give. The array is reused by the next scan.
   */
  scan(text: string): Uint8Array {
    return this.scanHits(text).found;
  }

  /**
   * Like `scan`, and also lists the ids found, each once: a caller can then visit what occurs
   * instead of testing every pattern it cares about.
   */
  scanHits(text: string): ScanHits {
    const found = this.found;
    for (const id of this.lastHits) found[id] = 0;
    const hits: number[] = [];
    this.lastHits = hits;
    const { next, classOf, wholeStart } = this;
    const n = text.length;
    const units = UNITS.load(text);
    // Each step waits for the table read of the step before, so one walk over the text is bound
    // by the latency of its reads. A longer text is read as two halves walked side by side, whose
    // reads overlap. The second walk starts far enough before the middle (the longest pattern's
    // length) to be in the right state on reaching it: everything ending at the middle or later is
    // found by it, and so is a whole-token pattern ending just before, which is confirmed by the
    // character after it; everything else ending before, by the first walk. What both find is
    // kept once.
    const split = n >= SPLIT_MIN_CHARS ? n >>> 1 : 0;
    let s1 = 0;
    let s2 = 0;
    let i2 = split === 0 ? 0 : Math.max(0, split - this.longest);
    for (let i1 = 0; i1 < split; i1++, i2++) {
      const c1 = units[i1] as number;
      const c2 = units[i2] as number;
      const v1 = next[(s1 << CLASS_BITS) + (classOf[c1] as number)] as number;
      const v2 = next[(s2 << CLASS_BITS) + (classOf[c2] as number)] as number;
      s1 = v1 < LOOK ? v1 : this.look(units, i1, c1, s1, v1, found, hits);
      s2 = v2 < LOOK ? v2 : this.look(units, i2, c2, s2, v2, found, hits);
    }
    for (; i2 < n; i2++) {
      const c = units[i2] as number;
      const v = next[(s2 << CLASS_BITS) + (classOf[c] as number)] as number;
      s2 = v < LOOK ? v : this.look(units, i2, c, s2, v, found, hits);
    }
    const w = wholeStart[s2] as number;
    if (w >= 0) this.wholeAt(units, n - 1, w, found, hits);
    return { found, hits };
  }

  /**
   * Where the substring patterns with `wanted[id] = 1` start in `text`, every occurrence,
   * overlapping ones included, and the longest run of whitespace or word characters. One plain
   * walk: it serves long pieces only (see `screenPiece`), where what it saves is far larger.
   * Undefined once more than `most` occurrences are found.
   */
  occurrences(text: string, wanted: Uint8Array, most = Infinity): Occurrences | undefined {
    const ids: number[] = [];
    const starts: number[] = [];
    const { next, classOf, outStart, outs, lengths } = this;
    const units = UNITS.load(text);
    let s = 0;
    let longestRun = 0;
    let run = 0;
    let runKind = 0;
    for (let i = 0; i < text.length; i++) {
      const c = units[i] as number;
      const kind = c < ALPHABET ? (RUN_KIND[c] as number) : 0;
      if (kind === 0) run = 0;
      else if (kind === runKind) {
        if (++run > longestRun) longestRun = run;
      } else run = 1;
      runKind = kind;
      if (c >= ALPHABET) {
        // No pattern holds a non-ASCII character.
        s = 0;
        continue;
      }
      const v = next[(s << CLASS_BITS) + (classOf[c] as number)] as number;
      s = v & ~LOOK;
      if (v < LOOK) continue;
      for (let k = outStart[s] as number; k >= 0 && outs[k] !== -1; k++) {
        const id = outs[k] as number;
        if (wanted[id] === 1) {
          if (ids.push(id) > most) return undefined;
          starts.push(i + 1 - (lengths[id] as number));
        }
      }
    }
    return { ids, starts, longestRun: Math.max(longestRun, run) };
  }

  /**
   * The state after the code unit `c` at `i`, read from state `s`, when the table asked for a look
   * (`v`, with LOOK set) or `c` is not ASCII: reports the patterns that end there.
   */
  private look(units: Uint16Array, i: number, c: number, s: number, v: number, found: Uint8Array, hits: number[]): number {
    const { outStart, wholeStart, outs } = this;
    if (c >= ALPHABET) {
      // No pattern holds a non-ASCII character, so no occurrence spans one; it ends a token.
      const w = wholeStart[s] as number;
      if (w >= 0) this.wholeAt(units, i - 1, w, found, hits);
      return 0;
    }
    if (TOKEN_CHAR[c] === 0) {
      // A token ended at i - 1: its whole-token patterns count if they also start a token.
      const w = wholeStart[s] as number;
      if (w >= 0) this.wholeAt(units, i - 1, w, found, hits);
    }
    const t = v & ~LOOK;
    for (let k = outStart[t] as number; k >= 0 && outs[k] !== -1; k++) {
      const id = outs[k] as number;
      if (found[id] === 0) {
        found[id] = 1;
        hits.push(id);
      }
    }
    return t;
  }

  private wholeAt(units: Uint16Array, end: number, from: number, found: Uint8Array, hits: number[]): void {
    const { outs, lengths } = this;
    for (let k = from; outs[k] !== -1; k++) {
      const id = outs[k] as number;
      const before = end - (lengths[id] as number);
      if (found[id] === 0 && (before < 0 || !isTokenChar(units[before] as number))) {
        found[id] = 1;
        hits.push(id);
      }
    }
  }
}
