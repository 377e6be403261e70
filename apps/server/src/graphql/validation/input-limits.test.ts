import type { GraphQLArgument, GraphQLInputField } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../schema';
import { DEFAULT_STRING_CAP, maxLengthOf, PATH_STRING_CAP } from './input-limits';
import { asInputObject, asObject, isScalar, namedTypeOf } from './type-kind';

const NON_STRING_SCALARS = new Set(['Int', 'Float', 'Boolean']);
/** Free-text inputs that must declare their own cap (a silent 255 would cut real content). */
const LONG_TEXT = /description|body|note|content|text/i;

/** Every argument and input field that takes a string (String, ID, Date, Time, the GID scalars…). */
function stringInputs(): { where: string; arg: GraphQLArgument | GraphQLInputField }[] {
  const found: { where: string; arg: GraphQLArgument | GraphQLInputField }[] = [];
  const isString = (a: GraphQLArgument | GraphQLInputField) => {
    const named = namedTypeOf(a.type);
    return isScalar(named) && !NON_STRING_SCALARS.has(named.name);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    const object = asObject(type);
    if (object) {
      for (const field of Object.values(object.getFields())) {
        for (const arg of field.args)
          if (isString(arg)) found.push({ where: `${object.name}.${field.name}(${arg.name})`, arg });
      }
    }
    const input = asInputObject(type);
    if (input) {
      for (const field of Object.values(input.getFields()))
        if (isString(field)) found.push({ where: `${input.name}.${field.name}`, arg: field });
    }
  }
  return found;
}

describe('GraphQL input limits', () => {
  const inputs = stringInputs();

  it('finds the string arguments of the built schema', () => {
    expect(inputs.map((i) => i.where)).toEqual(
      expect.arrayContaining(['Query.group(fullPath)', 'Query.project(fullPath)', 'UpdateEpicInput.groupPath']),
    );
  });

  it('caps every string argument and input field', () => {
    for (const { where, arg } of inputs) {
      const cap = maxLengthOf(arg);
      expect(Number.isInteger(cap) && cap > 0 && cap <= 1_048_576, where).toBe(true);
    }
  });

  it('gives paths 2,048 characters and search terms 255, like REST', () => {
    for (const { where, arg } of inputs) {
      if (/path$/i.test(arg.name)) expect(maxLengthOf(arg), where).toBe(PATH_STRING_CAP);
      if (/^search/i.test(arg.name)) expect(maxLengthOf(arg), where).toBe(DEFAULT_STRING_CAP);
    }
  });

  it('makes free-text inputs declare their own cap (extensions.maxLength)', () => {
    const undeclared = inputs
      .filter(({ arg }) => LONG_TEXT.test(arg.name) && typeof arg.extensions?.maxLength !== 'number')
      .map((i) => i.where);
    expect(undeclared).toEqual([]);
  });

  it('declares the 1 MiB description cap of updateEpic', () => {
    const description = inputs.find((i) => i.where === 'UpdateEpicInput.description');
    expect(description && maxLengthOf(description.arg)).toBe(1_048_576);
  });
});
