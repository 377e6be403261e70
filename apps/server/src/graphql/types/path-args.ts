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
