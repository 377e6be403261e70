import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** A person as a source names them: a stable id there, maybe a username and an email, a display name. */
export interface SourcePerson {
  /** What the source calls them for good (a username, Jira Cloud's account id): the key of `import_source_users`. */
  sourceId: string;
  /** A username to match a user here by; null when the source has none (Jira Cloud). */
  username: string | null;
  email: string | null;
  name: string;
}

/** Where people are recorded: per top-level group imported into, and per source (an instance's URL, `jira:host`). */
export interface PeopleScope {
  namespaceId: number;
  sourceHostname: string;
}

/**
 * A username not taken yet, from what the source calls the person (a username, a display name, an
 * email): letters without their accents, other characters made `_`, with `_placeholder`, then a number.
 */
async function freeUsername(db: Executor, wanted: string): Promise<string> {
  const base = `${placeholderStem(wanted)}_placeholder`;
  for (let n = 0; n < 1000; n += 1) {
    const candidate = n === 0 ? base : `${base}_${n}`;
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where(sql<boolean>`lower(username) = lower(${candidate})`)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  return `${base}_${randomUUID().slice(0, 8)}`;
}

/** A username stem from any text: `Zoë Žák` → `Zoe_Zak`, `carol@example.com` → `carol`. */
export function placeholderStem(text: string): string {
  const stem = (text.split('@')[0] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_.-]/g, '_')
    .replace(/^[.-]+/, '')
    .slice(0, 200);
  return stem === '' ? 'user' : stem;
}

/**
 * A person of a source as a user here: the one this source's person was mapped to before in the same
 * top-level group (a second import from the same source reuses it), else the user with the same email,
 * else the same username; otherwise a placeholder user (blocked, no password, never billed) that holds
 * their contributions until an owner reassigns them — GitLab's direct transfer. Recorded per
 * top-level group and source in `import_source_users`.
 */
export async function userForSourcePerson(
  db: Executor,
  scope: PeopleScope,
  person: SourcePerson,
): Promise<{ id: number; status: 'matched' | 'placeholder' }> {
  const sourceHostname = scope.sourceHostname.slice(0, 2048);
  const sourceUsername = person.sourceId.slice(0, 255);
  const known = await db
    .selectFrom('import_source_users')
    .select(['user_id', 'status'])
    .where('namespace_id', '=', scope.namespaceId)
    .where('source_hostname', '=', sourceHostname)
    .where('source_username', '=', sourceUsername)
    .executeTakeFirst();
  // A completed reassignment points at the real user: later imports from the source credit them at once.
  if (known) return { id: known.user_id, status: known.status === 'completed' ? 'matched' : 'placeholder' };
  const email = person.email?.toLowerCase() || null;
  const username = person.username?.toLowerCase() || null;
  const existing =
    email || username
      ? await db
          .selectFrom('users')
          .select('id')
          .where('placeholder', '=', false)
          .where((eb) =>
            eb.or([
              ...(email ? [eb(sql`lower(email)`, '=', email)] : []),
              ...(username ? [eb(sql`lower(username)`, '=', username)] : []),
            ]),
          )
          .orderBy(sql`lower(email) = ${email ?? ''}`, 'desc')
          .limit(1)
          .executeTakeFirst()
      : undefined;
  const id =
    existing?.id ??
    (
      await db
        .insertInto('users')
        .values({
          username: await freeUsername(db, person.username || person.name || person.email || person.sourceId),
          name: (person.name || person.username || person.sourceId).slice(0, 255),
          email: `placeholder-${randomUUID()}@placeholder.invalid`,
          password_hash: '',
          state: 'blocked',
          placeholder: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await db
    .insertInto('import_source_users')
    .values({
      namespace_id: scope.namespaceId,
      source_hostname: sourceHostname,
      source_username: sourceUsername,
      source_name: (person.name || person.username || person.sourceId).slice(0, 255),
      user_id: id,
      // GitLab's statuses: a person matched here is reassigned at once; a placeholder awaits an owner.
      status: existing ? 'completed' : 'pending_reassignment',
      placeholder_user_id: existing ? null : id,
    })
    .onConflict((oc) => oc.columns(['namespace_id', 'source_hostname', 'source_username']).doNothing())
    .execute();
  return { id, status: existing ? 'matched' : 'placeholder' };
}
