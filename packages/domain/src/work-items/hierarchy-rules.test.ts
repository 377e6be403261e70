import { describe } from 'vitest';
import { expectCases } from '../test/cases';
import {
  allowedChildTypes,
  allowedParentTypes,
  confidentialityChangeProblem,
  mayBeChildOf,
  parentLinkProblem,
} from './hierarchy-rules';
import type { WorkItemBaseType } from './work-item-types';

describe('mayBeChildOf', () => {
  expectCases(
    ([parent, child]: [WorkItemBaseType, WorkItemBaseType]) => mayBeChildOf(parent, child),
    [
      [['epic', 'epic'], true],
      [['epic', 'issue'], true],
      [['epic', 'task'], false],
      [['issue', 'task'], true],
      [['incident', 'task'], true],
      [['issue', 'issue'], false],
      [['task', 'task'], false],
      [['objective', 'objective'], true],
      [['objective', 'key_result'], true],
      [['key_result', 'key_result'], false],
      [['issue', 'key_result'], false],
      [['objective', 'task'], false],
    ],
  );
});

describe('allowedChildTypes / allowedParentTypes', () => {
  expectCases(allowedChildTypes, [
    ['epic', ['epic', 'issue']],
    ['issue', ['task']],
    ['incident', ['task']],
    ['task', []],
    ['objective', ['objective', 'key_result']],
    ['key_result', []],
  ]);
  expectCases(allowedParentTypes, [
    ['epic', ['epic']],
    ['issue', ['epic']],
    ['task', ['issue', 'incident']],
    ['incident', []],
    ['objective', ['objective']],
    ['key_result', ['objective']],
  ]);
});

describe('parentLinkProblem', () => {
  const p = (type: WorkItemBaseType, depth = 1, confidential = false) => ({ type, depth, confidential });
  const c = (type: WorkItemBaseType, height = 1, confidential = false) => ({ type, height, confidential });
  expectCases(
    ([parent, child]: [ReturnType<typeof p>, ReturnType<typeof c>]) => parentLinkProblem(parent, child),
    [
      [[p('issue'), c('task')], null],
      [[p('task'), c('task')], 'it is not allowed to add this type of parent item'],
      [[p('objective', 8), c('objective')], null],
      [[p('objective', 9), c('objective')], 'reached maximum depth'],
      [[p('objective', 5), c('objective', 5)], 'reached maximum depth'],
      [[p('objective', 9), c('key_result')], null],
      [[p('epic', 6), c('epic')], null],
      [[p('epic', 7), c('epic')], 'reached maximum depth'],
      [
        [p('issue', 1, true), c('task')],
        'cannot assign a non-confidential work item to a confidential parent. Make the work item confidential and try again.',
      ],
      [[p('issue', 1, true), c('task', 1, true)], null],
      [[p('issue'), c('task', 1, true)], null],
    ],
  );
});

describe('confidentialityChangeProblem', () => {
  type Parent = { typeName: string; confidential: boolean } | null;
  const ask = ([typeName, confidential, parent, hasPublicChildren]: [string, boolean, Parent, boolean]) =>
    confidentialityChangeProblem({ typeName, confidential }, { parent, hasPublicChildren });
  const secretIssue = { typeName: 'Issue', confidential: true };
  expectCases(ask, [
    [['Issue', true, null, false], null],
    [['Issue', true, null, true], 'All child items must be confidential in order to turn on confidentiality.'],
    [['Task', false, { typeName: 'Issue', confidential: false }, false], null],
    [['Task', false, secretIssue, false], 'A non-confidential task cannot be assigned to a confidential parent issue.'],
    [
      ['Key Result', false, { typeName: 'Objective', confidential: true }, false],
      'A non-confidential key result cannot be assigned to a confidential parent objective.',
    ],
    [['Task', true, secretIssue, false], null],
    [['Issue', false, null, true], null],
  ]);
});
