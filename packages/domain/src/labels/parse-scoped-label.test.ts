import { describe } from 'vitest';
import { expectParseCases } from '../test/cases';
import { isScopedLabel, parseScopedLabel } from './parse-scoped-label';

describe('parseScopedLabel', () => {
  expectParseCases(
    parseScopedLabel,
    isScopedLabel,
    [
      ['priority::high', { scope: 'priority', value: 'high' }],
      ['a::b::c', { scope: 'a::b', value: 'c' }],
      ['workflow::in review', { scope: 'workflow', value: 'in review' }],
      ['team::🚀', { scope: 'team', value: '🚀' }],
      ['a:::b', { scope: 'a:', value: 'b' }],
      ['plain', null],
      ['one:colon', null],
      ['::value', null],
      ['scope::', null],
      ['', null],
      ['  ::x', null],
    ],
    '%s',
  );
});
