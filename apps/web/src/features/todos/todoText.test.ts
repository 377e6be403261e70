import { expectCases } from '@meridian/domain/test/cases';
import { describe } from 'vitest';
import type { Todo } from './queries';
import { todoActionText, todoTargetText } from './todoText';

describe('todoActionText', () => {
  expectCases(
    (action_name: string) => todoActionText({ action_name }),
    [
      ['assigned', 'assigned you'],
      ['mentioned', 'mentioned you'],
      ['directly_addressed', 'mentioned you'],
      ['marked', 'added a to-do item'],
      ['build_failed', 'build failed'],
    ],
  );
});

describe('todoTargetText', () => {
  const target = (reference: string) => ({ iid: 1, title: 't', state: 'opened', web_url: '', reference });
  expectCases(
    ([type, reference]: [Todo['target_type'], string]) =>
      todoTargetText({ target_type: type, target: target(reference) }),
    [
      [['Issue', 'acme/web#3'], 'issue acme/web#3'],
      [['Epic', 'acme&2'], 'epic acme&2'],
      [['MergeRequest', 'acme/web!4'], 'merge request acme/web!4'],
    ],
  );
});
