import type { InputObjectRef, ObjectRef } from '@pothos/core';
import { builder } from './builder';
import type { GraphQLContext } from './context';
import { type MutationPayload, mutationErrors } from './mutation-errors';

type Types = typeof builder.$inferSchemaTypes;

/** A mutation's input type, whose values the resolver reads as `Input`. */
export type MutationInputRef<Input> = InputObjectRef<Types, Input>;

/** A mutation as GitLab declares them: `name(input: <Input>!): <Payload>`. */
export function inputMutation<Input extends object, Shape extends MutationPayload>(
  name: string,
  options: {
    input: MutationInputRef<Input>;
    payload: ObjectRef<Types, Shape>;
    description: string;
    resolve: (input: Input, c: GraphQLContext) => Promise<Shape>;
  },
): void {
  // Pothos resolves its types from concrete refs: the generic ones are widened here, once.
  const payload: ObjectRef<Types, MutationPayload> = options.payload;
  const inputType = options.input as InputObjectRef<Types, object>;
  builder.mutationField(name, (t) =>
    t.field({
      type: payload,
      description: options.description,
      args: { input: t.arg({ type: inputType, required: true }) },
      resolve: (_root, { input }, c) => options.resolve(input as Input, c),
    }),
  );
}

/**
 * Runs a mutation's change through `mutationErrors` and answers its payload: the input's
 * `clientMutationId`, the errors, and `objects` as the change left them (what it had found before
 * a refusal stays in the answer).
 */
export async function mutationPayload<Objects extends object>(
  input: { clientMutationId?: string | null },
  objects: Objects,
  change: (objects: Objects) => Promise<unknown>,
): Promise<MutationPayload & Objects> {
  const errors = await mutationErrors(async () => {
    await change(objects);
  });
  return { clientMutationId: input.clientMutationId ?? null, errors, ...objects };
}
