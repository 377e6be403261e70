import { randomBytes } from 'node:crypto';
import type { Database } from '../db/connection';
import { DomainError } from '../errors';
import { createAccount } from './accounts.service';

export interface BootstrapResult {
  created: boolean;
  /** Set only when the password was generated (it is printed once and never stored in clear). */
  generatedPassword?: string;
}

/**
 * On start: when no user `root` exists, creates it as the instance admin with `password`, or with a
 * generated one that `print` shows exactly once. Safe when several processes start at once: one
 * creates root, the others find it.
 */
export async function bootstrapRoot(
  db: Database,
  options: { password?: string; print?: (line: string) => void } = {},
): Promise<BootstrapResult> {
  const existing = await db.selectFrom('users').select('id').where('username', '=', 'root').executeTakeFirst();
  if (existing) return { created: false };
  const generated = options.password ? undefined : randomBytes(18).toString('base64url');
  try {
    await createAccount(db, {
      username: 'root',
      name: 'Administrator',
      email: 'admin@example.com',
      password: options.password ?? (generated as string),
      admin: true,
    });
  } catch (error) {
    // Processes starting together on a new database: another one created root between our look and
    // our insert. Its root stands; this start goes on.
    if (error instanceof DomainError && error.field === 'username') return { created: false };
    throw error;
  }
  if (generated) {
    (options.print ?? console.log)(
      `Created the administrator account "root" with the password: ${generated}\n` +
        'It is shown only this once. Set MERIDIAN_ROOT_PASSWORD to choose it yourself.',
    );
  }
  return { created: true, generatedPassword: generated };
}
