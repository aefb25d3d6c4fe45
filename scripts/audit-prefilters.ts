/**
 * Looks for phrasings a SHIELD rule's regex reads but its pre-filter would skip. For every
 * alternative of every rule's regex it writes strings the alternative could match (each
 * alternation, optional part and character class sampled, `[a-z]+` written as a short word,
 * lookarounds left to the regex), keeps those the whole rule does match once normalised, and
 * reports each whose match holds none of the rule's hints (`RULE_HINTS`) or requirements
 * (`RULE_REQUIRES`), or that its positional gate (`RULE_GATES`) turns away: a text saying that
 * would never reach the regex.
 *
 * The strings are not all ones a writer would produce (alternatives of several languages mixed,
 * quotes that do not pair, product names in the plural), so the report is read, not counted.
 * Run: tsx scripts/audit-prefilters.ts [examples per rule, default 6]
 */
import { normaliseForShield } from '../src/safety/shield/fast-normalise.js';
import { RULE_GATES } from '../src/safety/shield/positional-gates.js';
import { CRISIS_RULES, HINTS_BEYOND_MATCH, JAILBREAK_RULES, RULE_HINTS, RULE_REQUIRES } from '../src/safety/shield/rules.js';
import { hintHolds, requirementHolds } from '../test/support/rule-prefilters.js';

type Node =
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; alts: Node[] }
  | { t: 'lit'; options: string[] }
  | { t: 'rep'; node: Node; min: number; max: number }
  | { t: 'empty' };

/** Strings kept per node: alternations and sequences beyond this are sampled. */
const CAP = 400;
const EXAMPLES = Number(process.argv[2] ?? 6);

/** A seeded generator, so two runs report the same strings. */
let seed = Number(process.env.AUDIT_SEED ?? 12345);
const pick = (n: number): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};

/** Parses the subset of regex syntax the rules use. */
function parse(src: string): Node {
  let i = 0;
  const escape = (e: string): string[] => {
    if (e === 's') return [' '];
    if (e === 'd') return ['1'];
    if (e === 'w') return ['a'];
    if (e === 'n') return ['\n'];
    if (e === 't') return ['\t'];
    return [e];
  };
  function alternation(): Node {
    const alts = [sequence()];
    while (src[i] === '|') {
      i++;
      alts.push(sequence());
    }
    return alts.length === 1 ? (alts[0] as Node) : { t: 'alt', alts };
  }
  function sequence(): Node {
    const items: Node[] = [];
    while (i < src.length && src[i] !== '|' && src[i] !== ')') items.push(quantified(atom()));
    return { t: 'seq', items };
  }
  function quantified(node: Node): Node {
    for (;;) {
      const c = src[i];
      const braces = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(i));
      if (c === '?' || c === '*' || c === '+') {
        i++;
        node = { t: 'rep', node, min: c === '+' ? 1 : 0, max: c === '?' ? 1 : 2 };
      } else if (c === '{' && braces) {
        i += braces[0].length;
        const min = Number(braces[1]);
        const max = braces[2] ? (braces[3] ? Number(braces[3]) : min + 2) : min;
        node = { t: 'rep', node, min, max: Math.min(max, min + 2) };
      } else return node;
      if (src[i] === '?') i++;
    }
  }
  function characterClass(): Node {
    i++;
    const negated = src[i] === '^';
    if (negated) i++;
    const chars: string[] = [];
    for (let first = true; i < src.length && (src[i] !== ']' || first); first = false) {
      let c = src[i] as string;
      if (c === '\\') {
        const e = src[i + 1] as string;
        i += 2;
        if (e === 'u') {
          chars.push(String.fromCharCode(parseInt(src.slice(i, i + 4), 16)));
          i += 4;
          continue;
        }
        const [unit] = escape(e);
        if (e !== unit) {
          chars.push(unit as string);
          continue;
        }
        c = e;
      } else i++;
      if (src[i] === '-' && src[i + 1] !== ']') {
        const hi = src[i + 1] === '\\' ? (src[i + 2] as string) : (src[i + 1] as string);
        i += src[i + 1] === '\\' ? 3 : 2;
        chars.push(c, hi);
        continue;
      }
      chars.push(c);
    }
    i++;
    const letters = chars.includes('a') && chars.includes('z');
    if (negated) {
      const outside = ['a', ' ', 'x', 'e', '1'].filter((p) => !chars.includes(p) && !(letters && /[a-z]/.test(p)));
      return { t: 'lit', options: [outside[0] ?? '#'] };
    }
    // A letter range stands for a word: one letter of it, repeated by its quantifier.
    return { t: 'lit', options: letters ? ['s'] : [...new Set(chars)] };
  }
  function atom(): Node {
    const c = src[i] as string;
    if (c === '(') {
      i++;
      let look = false;
      if (src[i] === '?') {
        if (src[i + 1] === ':') i += 2;
        else if (src[i + 1] === '=' || src[i + 1] === '!') (i += 2), (look = true);
        else if (src[i + 1] === '<' && (src[i + 2] === '=' || src[i + 2] === '!')) (i += 3), (look = true);
        else if (src[i + 1] === '<') i = src.indexOf('>', i) + 1;
      }
      const inner = alternation();
      i++;
      // Lookarounds are left to the regex: a string that breaks one is not kept.
      return look ? { t: 'empty' } : inner;
    }
    if (c === '[') return characterClass();
    if (c === '\\') {
      const e = src[i + 1] as string;
      i += 2;
      if (e === 'b' || e === 'B') return { t: 'empty' };
      if (e === 'u') {
        const unit = String.fromCharCode(parseInt(src.slice(i, i + 4), 16));
        i += 4;
        return { t: 'lit', options: [unit] };
      }
      return { t: 'lit', options: /[1-9]/.test(e) ? ['.'] : escape(e) };
    }
    i++;
    if (c === '^' || c === '$') return { t: 'empty' };
    return { t: 'lit', options: [c === '.' ? 'a' : c] };
  }
  return alternation();
}

function sample<T>(xs: T[]): T[] {
  if (xs.length <= CAP) return xs;
  return Array.from({ length: CAP }, () => xs[pick(xs.length)] as T);
}

function strings(n: Node): string[] {
  switch (n.t) {
    case 'empty':
      return [''];
    case 'lit':
      return n.options;
    case 'alt':
      return sample(n.alts.flatMap(strings));
    case 'rep': {
      // Optional whitespace is written as one space: none would glue the words around it.
      if (n.node.t === 'lit' && n.node.options.every((c) => /\s/.test(c)) && n.max >= 1) return [' '];
      const inner = strings(n.node);
      const out = new Set<string>();
      for (let k = n.min; k <= n.max; k++) {
        for (let r = 0; r < Math.min(inner.length, 8); r++) {
          let s = '';
          for (let q = 0; q < k; q++) s += inner[pick(inner.length)];
          out.add(s);
        }
      }
      return sample([...out]);
    }
    case 'seq': {
      let acc = [''];
      for (const item of n.items) {
        const next: string[] = [];
        const tails = strings(item);
        for (const a of acc) for (const b of tails) next.push(a + b);
        acc = sample(next);
      }
      return acc;
    }
  }
}

/** The top-level alternatives of a regex source. */
function alternatives(src: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let k = 0; k < src.length; k++) {
    const c = src[k];
    if (c === '\\') k++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      out.push(src.slice(start, k));
      start = k + 1;
    }
  }
  out.push(src.slice(start));
  return out;
}

let matched = 0;
let skipped = 0;
const byRule = new Map<string, string[]>();
for (const rule of [...JAILBREAK_RULES, ...CRISIS_RULES]) {
  const requires = RULE_REQUIRES[rule.key];
  // Markup rules find their hints in the pre-leet text; those past the match are not checked.
  const hints = rule.structural || HINTS_BEYOND_MATCH.has(rule.key) ? undefined : RULE_HINTS[rule.key];
  const gate = RULE_GATES[rule.key];
  if (!requires && !hints && !gate) continue;
  const re = new RegExp(rule.re.source, rule.re.flags.replace('g', ''));
  for (const alternative of alternatives(rule.re.source)) {
    for (const written of strings(parse(alternative))) {
      const raw = written.replace(/ {2,}/g, ' ');
      for (const context of [raw, `hi ${raw} .`]) {
        const normalised = normaliseForShield(context);
        const target = rule.structural ? normalised.base : normalised.text;
        const m = re.exec(target);
        if (!m) continue;
        matched++;
        const requirementHeld = !requires || requirementHolds(rule.key, m[0]);
        const hintHeld = !hints || hintHolds(rule.key, m[0]);
        const gateHeld = !gate || (gate(m[0]) && gate(target));
        if (!requirementHeld || !hintHeld || !gateHeld) {
          skipped++;
          const list = byRule.get(rule.key) ?? [];
          const line = `${!requirementHeld ? 'requirement' : !hintHeld ? 'hint' : 'gate'} ${JSON.stringify(m[0])}`;
          if (list.length < EXAMPLES && !list.includes(line)) list.push(line);
          byRule.set(rule.key, list);
        }
        break;
      }
    }
  }
}
for (const [key, lines] of byRule) for (const line of lines) console.log(`${key.padEnd(28)} ${line}`);
console.log(`${matched} strings matched their rule; ${skipped} would be skipped by the pre-filter, in ${byRule.size} rules`);
