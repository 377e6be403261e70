import { isInt4Id } from '@meridian/domain';
import { badRequest, DomainError } from '../../errors';
import { isValidFullPath, MAX_FULL_PATH_LENGTH } from '../../modules/namespaces';
import type { InputFieldBuilder } from '../input-mutation';

/** `extensions` of every fullPath/groupPath argument: the input-limits rule caps it like REST. */
export const pathArgExtensions = { maxLength: MAX_FULL_PATH_LENGTH };

/** A required input field naming a group or project by its full path. */
export const pathInputField = (t: InputFieldBuilder, description: string) =>
  t.id({ required: true, description, extensions: pathArgExtensions });

/** A GraphQL path argument checked with REST's rule (`isValidFullPath`); null when it breaks it. */
export function validFullPath(value: string | number): string | null {
  const path = String(value);
  return isValidFullPath(path) ? path : null;
}

/** A path argument a mutation requires: checked with REST's rule, 400 naming `field` when it breaks it. */
export function fullPathArgument(value: string | number, field: string): string {
  const path = validFullPath(value);
  if (!path) throw badRequest(`${field} is invalid`, field);
  return path;
}

/** The iid of a mutation's target: a positive int32, else no `what` is found (404, as a hidden one). */
export function targetIid(value: string, what: string): number {
  const iid = Number(value);
  if (!/^\d{1,10}$/.test(value) || !isInt4Id(iid)) throw new DomainError('not_found', what);
  return iid;
}
