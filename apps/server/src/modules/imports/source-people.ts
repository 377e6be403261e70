import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** A person of an import's source, as the importers know them. */
export interface SourcePerson {
  /** The top-level group imported into: people are recorded per group and source. */
  namespaceId: number;
  /** The source (an instance's URL). */
  sourceHostname: string;
  username: string;
  email: string | null;
  name: string;
}

/** A username not taken yet: the source's own when free, else with `_placeholder` and a number. */
async function freeUsername(db: Executor, wanted: string): Promise<string> {
  const base = `${wanted.slice(0, 200)}_placeholder`;
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

/**
 * A person of the source: the user here with the same email, else the same username; otherwise a
 * placeholder user (blocked, no password, never billed) that holds their contributions until an owner
 * reassigns them — GitLab's direct transfer. Recorded per top-level group and source
 * (`import_source_users`); answers the user's id and whether it was matched.
 */
export async function matchOrPlaceholder(
  db: Executor,
  person: SourcePerson,
): Promise<{ id: number; matched: boolean }> {
  const email = person.email?.toLowerCase() ?? null;
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('placeholder', '=', false)
    .where((eb) =>
      eb.or([
        ...(email ? [eb(sql`lower(email)`, '=', email)] : []),
        eb(sql`lower(username)`, '=', person.username.toLowerCase()),
      ]),
    )
    .orderBy(sql`lower(email) = ${email ?? ''}`, 'desc')
    .limit(1)
    .executeTakeFirst();
  const id =
    existing?.id ??
    (
      await db
        .insertInto('users')
        .values({
          username: await freeUsername(db, person.username),
          name: (person.name || person.username).slice(0, 255),
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
      namespace_id: person.namespaceId,
      source_hostname: person.sourceHostname.slice(0, 2048),
      source_username: person.username.slice(0, 255),
      source_name: person.name.slice(0, 255),
      user_id: id,
      status: existing ? 'matched' : 'placeholder',
    })
    .onConflict((oc) => oc.columns(['namespace_id', 'source_hostname', 'source_username']).doNothing())
    .execute();
  return { id, matched: existing !== undefined };
}
