import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../graphql/schema';
import { answerShapeProblems, withTypenames } from './gitlab-answer-shape';

/** The compatibility suite's answer check must be able to fail: a missing key, a forbidden null. */
const doc = withTypenames(
  schema,
  parse(`query($withColor: Boolean = false) { group(fullPath: "acme") { id name
    epic(iid: "1") { id title color @include(if: $withColor) author { ... on User { username } } } } }`),
);
const operation = doc.definitions[0] as Parameters<typeof answerShapeProblems>[2];
const check = (data: Record<string, unknown>, variables = {}) =>
  answerShapeProblems(schema, doc, operation, data, variables);

describe('answerShapeProblems', () => {
  const epic = { id: 'gid://gitlab/Epic/1', title: null, author: { __typename: 'UserCore', username: 'alice' } };

  it('passes a complete answer, with nulls only where GitLab allows them', () => {
    expect(check({ group: { id: 'g', name: 'Acme', epic } })).toEqual([]);
  });

  it('names a missing key, inside fragments and @include too', () => {
    expect(check({ group: { id: 'g', name: 'Acme', epic: { ...epic, author: { __typename: 'UserCore' } } } })).toEqual([
      'group.epic.author.username: missing from the answer',
    ]);
    expect(check({ group: { id: 'g', name: 'Acme', epic } }, { withColor: true })).toEqual([
      'group.epic.color: missing from the answer',
    ]);
  });

  it("names a null where GitLab's field is non-null", () => {
    expect(check({ group: { id: 'g', name: null, epic } })).toEqual([
      "group.name: null, where GitLab's Group.name is non-null",
    ]);
  });
});
