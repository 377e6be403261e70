import { expectCases } from '@meridian/domain/test/cases';
import { describe } from 'vitest';
import { deleteTexts, issueTypeName } from './issueTypeName';

describe('issueTypeName', () => {
  expectCases(issueTypeName, [
    ['issue', 'issue'],
    ['incident', 'incident'],
    ['task', 'task'],
    ['key_result', 'key result'],
    ['objective', 'objective'],
    [undefined, 'issue'],
    ['epic', 'issue'],
    ['constructor', 'issue'],
  ]);
});

describe('deleteTexts', () => {
  expectCases(
    (name: string) => [deleteTexts(name).action, deleteTexts(name).title, deleteTexts(name).body],
    [
      ['issue', ['Delete issue', 'Delete issue?', 'Issue will be removed! Are you sure?']],
      ['task', ['Delete task', 'Delete task?', 'Task will be removed! Are you sure?']],
      ['key result', ['Delete key result', 'Delete key result?', 'Key result will be removed! Are you sure?']],
    ],
  );
});
