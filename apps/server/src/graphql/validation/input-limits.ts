import type { GraphQLArgument, GraphQLInputField } from 'graphql';

/** Caps for string arguments that say nothing about their own (`extensions.maxLength`). */
export const DEFAULT_STRING_CAP = 255;
export const PATH_STRING_CAP = 2048;
export const CURSOR_STRING_CAP = 2048;

/**
 * The most characters a String/ID (or custom scalar) argument or input field accepts: its
 * `extensions.maxLength` when set (descriptions: 1 MiB), 2,048 for paths and cursors, else 255
 * (titles, names, search terms), as REST caps them.
 */
export function maxLengthOf(arg: GraphQLArgument | GraphQLInputField): number {
  const declared = arg.extensions?.maxLength;
  if (typeof declared === 'number') return declared;
  if (/path$/i.test(arg.name)) return PATH_STRING_CAP;
  if (arg.name === 'after' || arg.name === 'before') return CURSOR_STRING_CAP;
  return DEFAULT_STRING_CAP;
}
