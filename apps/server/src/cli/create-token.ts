import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { issueToken, TOKEN_SCOPES } from '../auth/personal-access-tokens.service';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import { migrate } from '../db/migrate';
import { DomainError } from '../errors';
import { CliError } from './cli-error';
import { openDatabase } from './open-database';

export interface CreateTokenOptions {
  user: string;
  /** Comma-separated: 'api,read_api'. */
  scopes: string;
  name?: string;
  /** YYYY-MM-DD in the future; absent: never expires. */
  expiresAt?: string;
}

/** Creates a personal access token for a username and returns the plain token (shown only once). */
export async function createTokenForUsername(db: Database, options: CreateTokenOptions): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'state'])
    .where(sql`lower(username)`, '=', options.user.toLowerCase())
    .executeTakeFirst();
  if (!user) throw new CliError(`No user with the username "${options.user}".`);
  if (user.state !== 'active')
    throw new CliError(`User "${options.user}" is ${user.state}: its tokens would not work.`);
  const scopes = options.scopes
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = scopes.filter((s) => !(TOKEN_SCOPES as readonly string[]).includes(s));
  if (scopes.length === 0 || unknown.length > 0) {
    throw new CliError(
      `Invalid --scopes ${unknown.length ? `(${unknown.join(', ')})` : ''}: use a comma-separated list of ${TOKEN_SCOPES.join(', ')}.`,
    );
  }
  try {
    const { token } = await issueToken(db, user.id, {
      name: options.name ?? 'meridian-cli',
      scopes,
      expiresAt: options.expiresAt ?? null,
    });
    return token;
  } catch (error) {
    if (error instanceof DomainError) {
      throw new CliError(`Invalid ${error.field ? `--${error.field.replace('_', '-')}` : 'input'}: ${error.message}`);
    }
    throw error;
  }
}

/** `meridian create-token --user U --scopes api[,read_api…] [--name N] [--expires-at YYYY-MM-DD]`. */
export async function runCreateToken(
  argv: string[],
  config: Config,
  out: (line: string) => void = console.log,
): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      user: { type: 'string' },
      scopes: { type: 'string' },
      name: { type: 'string' },
      'expires-at': { type: 'string' },
    },
    strict: true,
  });
  if (!values.user) throw new CliError('--user USERNAME is required');
  if (!values.scopes) throw new CliError(`--scopes is required (comma-separated: ${TOKEN_SCOPES.join(', ')})`);
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    out(
      await createTokenForUsername(database.db, {
        user: values.user,
        scopes: values.scopes,
        name: values.name,
        expiresAt: values['expires-at'],
      }),
    );
  } finally {
    await database.close();
  }
}
