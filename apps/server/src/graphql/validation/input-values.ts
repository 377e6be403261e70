import { type ArgumentNode, type GraphQLArgument, type GraphQLInputType, Kind, type ValueNode } from 'graphql';
import { maxLengthOf } from './input-limits';
import { asInputObject, asList, unwrapNonNull } from './type-kind';

/** Why a string may not reach an argument, or null when it may. */
export function problemWith(value: string, max: number): string | null {
  if (value.length > max) return `is too long (maximum is ${max} characters)`;
  if (value.includes('\u0000')) return 'must not contain NUL bytes';
  return null;
}

/** Where a string sits: the argument path (`input.groupPath`) and its cap. */
export interface StringSlot {
  name: string;
  max: number;
}

/** Each string of a runtime (variable) value, with the cap of the input field it reaches. */
export function forEachRuntimeString(
  value: unknown,
  type: GraphQLInputType,
  slot: StringSlot,
  onString: (value: string, slot: StringSlot) => void,
): void {
  if (value === null || value === undefined) return;
  const t = unwrapNonNull(type);
  const list = asList(t);
  const inputObject = asInputObject(t);
  if (list) {
    for (const item of Array.isArray(value) ? value : [value]) forEachRuntimeString(item, list.ofType, slot, onString);
  } else if (inputObject) {
    if (typeof value !== 'object' || Array.isArray(value)) return;
    const fields = inputObject.getFields();
    for (const [key, fieldValue] of Object.entries(value)) {
      const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
      if (field)
        forEachRuntimeString(
          fieldValue,
          field.type,
          { name: `${slot.name}.${key}`, max: maxLengthOf(field) },
          onString,
        );
    }
  } else if (typeof value === 'string') {
    onString(value, slot);
  }
}

/**
 * Each string literal and each variable of an inline argument value, with the type and cap of the
 * place it fills (a variable inside `{ input: { title: $t } }` fills `input.title`).
 */
export function forEachLiteral(
  value: ValueNode,
  type: GraphQLInputType,
  slot: StringSlot,
  on: {
    string: (value: string, slot: StringSlot) => void;
    variable: (name: string, type: GraphQLInputType, slot: StringSlot) => void;
  },
): void {
  if (value.kind === Kind.VARIABLE) {
    on.variable(value.name.value, type, slot);
    return;
  }
  const t = unwrapNonNull(type);
  const list = asList(t);
  const inputObject = asInputObject(t);
  if (list) {
    const items = value.kind === Kind.LIST ? value.values : [value];
    for (const item of items) forEachLiteral(item, list.ofType, slot, on);
  } else if (inputObject) {
    if (value.kind !== Kind.OBJECT) return;
    const fields = inputObject.getFields();
    for (const f of value.fields) {
      const field = Object.hasOwn(fields, f.name.value) ? fields[f.name.value] : undefined;
      if (field)
        forEachLiteral(f.value, field.type, { name: `${slot.name}.${f.name.value}`, max: maxLengthOf(field) }, on);
    }
  } else if (value.kind === Kind.STRING) {
    on.string(value.value, slot);
  }
}

/** `forEachLiteral` over one argument of a document (none when the schema does not know it). */
export function forEachArgumentLiteral(
  node: ArgumentNode,
  arg: GraphQLArgument | null | undefined,
  on: Parameters<typeof forEachLiteral>[3],
): void {
  if (arg) forEachLiteral(node.value, arg.type, { name: arg.name, max: maxLengthOf(arg) }, on);
}
