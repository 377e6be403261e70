import { expectCases } from '@meridian/domain/test/cases';
import { describe } from 'vitest';
import { likePattern } from './like-pattern';

describe('likePattern', () => {
  expectCases(
    likePattern,
    [
      ['web', '%web%'],
      ['50%', '%50\\%%'],
      ['snake_case', '%snake\\_case%'],
      ['back\\slash', '%back\\\\slash%'],
      ['', '%%'],
    ],
    '%j → %j',
  );
});
