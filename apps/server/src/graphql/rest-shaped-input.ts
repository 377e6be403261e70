import type { z } from 'zod';
import { DomainError } from '../errors';
import { parseInput } from '../rest/params';

/** GraphQL argument name → the snake_case parameter of the operation's one input schema. */
export type ArgumentNames = Readonly<Record<string, string>>;

/**
 * Parses GraphQL arguments with the same zod schema as the REST route, so both transports accept
 * and refuse exactly the same input. An explicit `null` clears the parameters in `clearable` and
 * means "unchanged" for every other one, as GitLab's mutations treat it.
 */
export function parseArguments<T extends z.ZodType>(
  schema: T,
  args: Readonly<Record<string, unknown>>,
  names: ArgumentNames,
  clearable: ReadonlySet<string> = new Set(),
): z.infer<T> {
  return parseInput(schema, argumentsToParams(args, names, clearable));
}

/** The REST parameters named by `names` for GraphQL arguments (null handling as parseArguments). */
export function argumentsToParams(
  args: Readonly<Record<string, unknown>>,
  names: ArgumentNames,
  clearable: ReadonlySet<string> = new Set(),
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [argument, param] of Object.entries(names)) {
    const value = args[argument];
    if (value === undefined || (value === null && !clearable.has(param))) continue;
    params[param] = Array.isArray(value) ? [...value] : value;
  }
  return params;
}

/**
 * Runs `work` (parsing and the service call) and renames the snake_case parameters in its
 * validation errors back to the GraphQL argument names the caller used.
 */
export async function withArgumentNames<T>(names: ArgumentNames, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'bad_request') throw error;
    let message = error.message;
    let field = error.field;
    for (const [argument, param] of Object.entries(names)) {
      if (argument === param) continue;
      message = message.replaceAll(param, () => argument);
      if (field === param) field = argument;
    }
    throw new DomainError(error.code, message, field);
  }
}
