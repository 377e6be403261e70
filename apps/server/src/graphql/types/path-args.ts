import { isValidFullPath, MAX_FULL_PATH_LENGTH } from '../../modules/namespaces';

/** `extensions` of every fullPath/groupPath argument: the input-limits rule caps it like REST. */
export const pathArgExtensions = { maxLength: MAX_FULL_PATH_LENGTH };

/** A GraphQL path argument checked with REST's rule (`isValidFullPath`); null when it breaks it. */
export function validFullPath(value: string | number): string | null {
  const path = String(value);
  return isValidFullPath(path) ? path : null;
}
