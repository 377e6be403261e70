import { randomBytes } from 'node:crypto';
import type { Database } from '../db/connection';
import { createAccount } from './accounts.service';

export interface BootstrapResult {
  created: boolean;
  /** Set only when the password was generated (it is printed once and never stored in clear). */
  generatedPassword?: string;
}

/**
 * On start: when no user `root` exists, creates it as the instance admin with `password`, or with a
 * generated one that `print` shows exactly once.
 */
export async function bootstrapRoot(
  db: Database,
  options: { password?: string; print?: (line: string) => void } = {},
): Promise<BootstrapResult> {
  const existing = await db.selectFrom('users').select('id').where('username', '=', 'root').executeTakeFirst();
  if (existing) return { created: false };
  const generated = options.password ? undefined : randomBytes(18).toString('base64url');
  await createAccount(db, {
    username: 'root',
    name: 'Administrator',
    email: 'admin@example.com',
    password: options.password ?? (generated as string),
    admin: true,
  });
  if (generated) {
    (options.print ?? console.log)(
      `Created the administrator account "root" with the password: ${generated}\n` +
        'It is shown only this once. Set MERIDIAN_ROOT_PASSWORD to choose it yourself.',
    );
  }
  return { created: true, generatedPassword: generated };
}
