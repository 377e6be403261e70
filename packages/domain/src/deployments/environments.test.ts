import { describe } from 'vitest';
import { expectCases } from '../test/cases';
import { environmentSlug, guessEnvironmentTier, isValidEnvironmentName } from './environments';

describe('guessEnvironmentTier', () => {
  expectCases(guessEnvironmentTier, [
    ['production', 'production'],
    ['prod', 'production'],
    ['live', 'production'],
    ['staging', 'staging'],
    ['pre-prod', 'staging'],
    ['review/feature-1', 'development'],
    ['dev', 'development'],
    ['qa', 'testing'],
    ['test', 'testing'],
    ['canary', 'other'],
  ]);
});

describe('isValidEnvironmentName', () => {
  expectCases(isValidEnvironmentName, [
    ['production', true],
    ['review/feature 1', true],
    ['$ENV.{x}', true],
    ['/leading', false],
    ['trailing/', false],
    ['bad!name', false],
    ['', false],
    ['x'.repeat(256), false],
  ]);
});

describe('environmentSlug', () => {
  expectCases(environmentSlug, [
    ['production', 'production'],
    ['staging', 'staging'],
    ['Review/Feature', `review-feature-${environmentSlug('Review/Feature').slice(-6)}`],
    ['1env', `env-1env-${environmentSlug('1env').slice(-6)}`],
  ]);
  expectCases(
    (name: string) => {
      const slug = environmentSlug(name);
      return slug.length <= 24 && /^[a-z][a-z0-9-]*[a-z0-9]$/.test(slug);
    },
    [
      ['A very long environment name indeed', true],
      ['review/some-branch-with-a-long-name', true],
      ['---', true],
    ],
  );
});
