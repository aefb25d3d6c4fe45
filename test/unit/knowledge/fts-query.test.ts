import { describe, expect, it } from 'vitest';
import { MAX_QUERY_TERMS, buildFtsQuery, queryTerms } from '../../../src/knowledge/fts-query.js';

describe('queryTerms', () => {
  it('keeps distinct content words, lowercased, in order of appearance', () => {
    expect(queryTerms('Hi Alex, what are your Salary expectations? Salary matters.')).toEqual(['alex', 'salary', 'expectations', 'matters']);
  });

  it('drops stop-words, pleasantries and contraction fragments', () => {
    expect(queryTerms("Hello, thanks! I don't, and we'll. Best regards")).toEqual([]);
  });

  it('normalises accents and typography like saved entries', () => {
    expect(queryTerms('R\u00E9sum\u00E9 \u201Cplease\u201D')).toEqual(['resume']);
  });

  it('caps the number of terms, keeping the longest', () => {
    const long = Array.from({ length: MAX_QUERY_TERMS }, (_, i) => `specific${i}`);
    const short = Array.from({ length: 100 }, (_, i) => `w${i}`);
    const text = short.map((w, i) => `${w} ${long[i] ?? ''}`).join(' ');
    expect(queryTerms(text)).toEqual(long);
  });
});

describe('buildFtsQuery', () => {
  it('quotes each term and joins them with OR', () => {
    expect(buildFtsQuery('notice period?')).toBe('"notice" OR "period"');
  });

  it('returns null when nothing is left to search for', () => {
    for (const text of ['', '   ', '!!! ??? ---', 'and or not the', '"*():^+-']) expect(buildFtsQuery(text)).toBeNull();
  });

  it('turns operators and syntax into plain quoted words', () => {
    const query = buildFtsQuery('key:salary NEAR(notice period, 2) "remote" AND relocation* -visa ^start {key value}: x');
    expect(query).toBe('"key" OR "salary" OR "near" OR "notice" OR "period" OR "remote" OR "relocation" OR "visa" OR "start" OR "value"');
  });
});
