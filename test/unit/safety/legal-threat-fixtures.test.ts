import path from 'node:path';
import { legalThreat, loadEscalationLists } from '../../../src/safety/escalation.js';
import { labelledSetFloors } from '../../support/labelled-sets.js';

// Invented recruiting mail that threatens legal or formal action against the reader, and mail that
// uses legal words without a threat (test/fixtures/escalation/). Floors at what each set measures
// now (see its README), so a change that loses threats or escalates ordinary mail fails here.
const lists = loadEscalationLists(path.resolve(import.meta.dirname, '../../../config'));
labelledSetFloors(
  'legal threats in invented recruiting mail',
  path.resolve(import.meta.dirname, '../../fixtures/escalation'),
  {
    'legal-threats-1.jsonl': 29,
    'legal-threats-2.jsonl': 30,
    'legal-threats-3.jsonl': 29,
    'legal-threats-4.jsonl': 30,
    'legal-threats-5.jsonl': 28,
    'legal-threats-6.jsonl': 30,
    'legal-threats-7.jsonl': 22,
    'legal-threats-8.jsonl': 26,
    'legal-threats-9.jsonl': 28,
    'legal-threats-10.jsonl': 25,
    'legal-threats-11.jsonl': 28,
    'legal-threats-12.jsonl': 29,
    'legal-threats-13.jsonl': 23,
  },
  new Set(['le-003', 'lh-038', 'lk-002', 'lk-053']),
  (text) => legalThreat(text, lists.legalTerms) !== null,
);
