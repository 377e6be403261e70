import { describe } from 'vitest';
import { expectCases } from '../test/cases';
import { draftTitle, isDraftTitle, readyTitle } from './draft-title';

describe('isDraftTitle', () => {
  expectCases(isDraftTitle, [
    ['Draft: fix', true],
    ['  draft: fix', true],
    ['[Draft] fix', true],
    ['(DRAFT) fix', true],
    ['fix: Draft: later', false],
    ['Drafting the plan', false],
    ['', false],
  ]);
});

describe('readyTitle', () => {
  expectCases(readyTitle, [
    ['Draft: fix', 'fix'],
    ['[Draft] (Draft) Draft: fix ', 'fix'],
    ['fix', 'fix'],
    ['Draft:', ''],
  ]);
});

describe('draftTitle', () => {
  expectCases(draftTitle, [
    ['fix', 'Draft: fix'],
    ['[Draft] fix', 'Draft: fix'],
    ['Draft: Draft: fix', 'Draft: fix'],
  ]);
});
