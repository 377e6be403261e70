import type { FieldRef } from '@pothos/core';
import type { builder } from '../builder';
import { UserRef } from './refs';

type Types = typeof builder.$inferSchemaTypes;

/**
 * A nullable user of a row, read by its id through the request's user loader (one batch per
 * request): an author, a merge user, a last editor; null without an id.
 */
export function userByIdField<Parent>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Parent>,
  description: string,
  userId: (parent: Parent) => number | null,
): FieldRef<Types> {
  return t.field({
    type: UserRef,
    nullable: true,
    description,
    resolve: (parent, _args, c) => {
      const id = userId(parent);
      return id === null ? null : c.loaders.user.load(id);
    },
  });
}
