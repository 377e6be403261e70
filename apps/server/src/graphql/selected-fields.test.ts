import { type FragmentDefinitionNode, type OperationDefinitionNode, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { selectedFields } from './selected-fields';

/** The info of the first field of the document's query, as GraphQL hands it to that field's resolver. */
function infoOf(source: string) {
  const document = parse(source);
  const operation = document.definitions.find((d) => d.kind === 'OperationDefinition') as OperationDefinitionNode;
  const fragments = Object.fromEntries(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === 'FragmentDefinition')
      .map((d) => [d.name.value, d]),
  );
  const field = operation.selectionSet.selections[0];
  if (field?.kind !== 'Field') throw new Error('no field');
  return { fieldNodes: [field], fragments };
}

describe('selectedFields', () => {
  it('names the fields right under the resolved one, not deeper ones', () => {
    expect(selectedFields(infoOf('{ epics { id title group { name } } }'))).toEqual(new Set(['id', 'title', 'group']));
  });

  it('follows fragment spreads (once each) and inline fragments', () => {
    const info = infoOf(`
      query { epics { ...A ... on Epic { labels { nodes { id } } } } }
      fragment A on Epic { id ...B }
      fragment B on Epic { hasChildren ...A }`);
    expect(selectedFields(info)).toEqual(new Set(['id', 'hasChildren', 'labels']));
  });
});
