/**
 * A linear model over hashed word unigrams and bigrams of the normalised text, one weight vector
 * per kind, trained by scripts/train-shield.ts. It adds evidence where the rules see only a weak
 * phrase; it never decides alone below its high threshold. Weights are sparse and small.
 */
import weights from './weights.json' with { type: 'json' };

export interface KindModel {
  bias: number;
  /** Probability at or above which the model counts as a half signal, and as a full one. */
  mid: number;
  high: number;
  /** bucket index -> weight; buckets not listed weigh 0. */
  w: Record<string, number>;
}
export interface ScorerWeights {
  bits: number;
  jailbreak: KindModel;
  crisis: KindModel;
}

const WORD = /[a-z']+/g;
/** Feature extraction reads at most this much of a piece; the rules see all of it. */
const MAX_SCORED_CHARS = 20_000;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Distinct hashed unigram and bigram buckets of `text` (already normalised, lower case). */
export function features(text: string, bits: number): number[] {
  const mask = (1 << bits) - 1;
  const seen = new Set<number>();
  let prev = '';
  WORD.lastIndex = 0;
  const slice = text.length > MAX_SCORED_CHARS ? text.slice(0, MAX_SCORED_CHARS) : text;
  for (let m = WORD.exec(slice); m; m = WORD.exec(slice)) {
    const w = m[0];
    seen.add(fnv1a(w) & mask);
    if (prev) seen.add(fnv1a(`${prev} ${w}`) & mask);
    prev = w;
  }
  return [...seen];
}

export function probability(model: Pick<KindModel, 'bias' | 'w'>, feats: number[]): number {
  if (feats.length === 0) return 0;
  let z = 0;
  for (const f of feats) z += model.w[f] ?? 0;
  // Presence features scaled by 1/sqrt(n), so a long text is not more certain just for length.
  z = model.bias + z / Math.sqrt(feats.length);
  return 1 / (1 + Math.exp(-z));
}

const W = weights as ScorerWeights;

export function scoreText(text: string): { jailbreak: number; crisis: number } {
  const feats = features(text, W.bits);
  return { jailbreak: probability(W.jailbreak, feats), crisis: probability(W.crisis, feats) };
}

export const scorerModels: ScorerWeights = W;
