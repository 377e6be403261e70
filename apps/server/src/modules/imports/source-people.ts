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
 * Usernames not taken yet, one per wanted text (a username, a display name, an email): letters without
 * their accents, other characters made `_`, with `_placeholder`, then a number — unique among themselves
 * too. One statement per round of numbers (most batches need one).
 */
async function freeUsernames(db: Executor, wanted: string[]): Promise<string[]> {
  const bases = wanted.map((text) => `${placeholderStem(text)}_placeholder`);
  const chosen: Array<string | undefined> = bases.map(() => undefined);
  const claimed = new Set<string>();
  const tries = bases.map(() => 0);
  for (let round = 0; round < 1000 && chosen.includes(undefined); round += 1) {
    const open = bases.flatMap((_base, i) => (chosen[i] === undefined ? [i] : []));
    const candidateOf = (i: number) => (tries[i] === 0 ? bases[i] : `${bases[i]}_${tries[i]}`) as string;
    const candidates = [...new Set(open.map((i) => candidateOf(i).toLowerCase()))];
    const taken = new Set(
      (
        await db
          .selectFrom('users')
          .select(sql<string>`lower(username)`.as('username'))
          .where(sql<string>`lower(username)`, 'in', candidates)
          .execute()
      ).map((row) => row.username),
    );
    for (const i of open) {
      const candidate = candidateOf(i);
      const lower = candidate.toLowerCase();
      if (taken.has(lower) || claimed.has(lower)) tries[i] = (tries[i] as number) + 1;
      else {
        chosen[i] = candidate;
        claimed.add(lower);
      }
    }
  }
  return chosen.map((name, i) => name ?? `${bases[i]}_${randomUUID().slice(0, 8)}`);
}

const nameOf = (person: SourcePerson) => (person.name || person.username || person.sourceId).slice(0, 255);

/** The accounts here (not placeholders) of people: the one with their email, else with their username. */
async function matchingAccounts(db: Executor, people: SourcePerson[]): Promise<Map<SourcePerson, number>> {
  const emailOf = (person: SourcePerson) => person.email?.toLowerCase() || null;
  const usernameOf = (person: SourcePerson) => person.username?.toLowerCase() || null;
  const emails = people.flatMap((person) => emailOf(person) ?? []);
  const usernames = people.flatMap((person) => usernameOf(person) ?? []);
  const matched = new Map<SourcePerson, number>();
  if (emails.length + usernames.length === 0) return matched;
  const accounts = await db
    .selectFrom('users')
    .select(['id', sql<string>`lower(email)`.as('email'), sql<string>`lower(username)`.as('username')])
    .where('placeholder', '=', false)
    .where((eb) =>
      eb.or([
        ...(emails.length > 0 ? [eb(sql`lower(email)`, 'in', emails)] : []),
        ...(usernames.length > 0 ? [eb(sql`lower(username)`, 'in', usernames)] : []),
      ]),
    )
    .execute();
  const byEmail = new Map(accounts.map((account) => [account.email, account.id]));
  const byUsername = new Map(accounts.map((account) => [account.username, account.id]));
  for (const person of people) {
    const email = emailOf(person);
    const username = usernameOf(person);
    const id = (email ? byEmail.get(email) : undefined) ?? (username ? byUsername.get(username) : undefined);
    if (id !== undefined) matched.set(person, id);
  }
  return matched;
}

/** Placeholder users (blocked, no password, never billed) for people, in one insert. */
async function createPlaceholders(db: Executor, people: SourcePerson[]): Promise<Map<SourcePerson, number>> {
  const placeholders = new Map<SourcePerson, number>();
  if (people.length === 0) return placeholders;
  const usernames = await freeUsernames(
    db,
    people.map((person) => person.username || person.name || person.email || person.sourceId),
  );
  const inserted = await db
    .insertInto('users')
    .values(
      people.map((person, i) => ({
        username: usernames[i] as string,
        name: nameOf(person),
        email: `placeholder-${randomUUID()}@placeholder.invalid`,
        password_hash: '',
        state: 'blocked',
        placeholder: true,
      })),
    )
    .returning(['id', 'username'])
    .execute();
  const idOf = new Map(inserted.map((row) => [row.username, row.id]));
  for (const [i, person] of people.entries()) placeholders.set(person, idOf.get(usernames[i] as string) as number);
  return placeholders;
}

export type SourcePersonUser = { id: number; status: 'matched' | 'placeholder' };

/**
 * People of a source as users here: the one a person was mapped to before in the same top-level group (a
 * second import from the same source reuses it), else the user with the same email, else the same
 * username; otherwise a placeholder user (blocked, no password, never billed) that holds their
 * contributions until an owner reassigns them — GitLab's direct transfer. Recorded per top-level group
 * and source in `import_source_users`. In order; a handful of statements for the whole list.
 */
export async function usersForSourcePeople(
  db: Executor,
  scope: PeopleScope,
  people: SourcePerson[],
): Promise<SourcePersonUser[]> {
  if (people.length === 0) return [];
  const sourceHostname = scope.sourceHostname.slice(0, 2048);
  const sourceUsername = (person: SourcePerson) => person.sourceId.slice(0, 255);
  const distinct = [...new Map(people.map((person) => [sourceUsername(person), person])).values()];
  const known = new Map(
    (
      await db
        .selectFrom('import_source_users')
        .select(['source_username', 'user_id', 'status'])
        .where('namespace_id', '=', scope.namespaceId)
        .where('source_hostname', '=', sourceHostname)
        .where('source_username', 'in', distinct.map(sourceUsername))
        .execute()
    ).map((row) => [row.source_username, row]),
  );
  const found = new Map<string, SourcePersonUser>();
  // A completed reassignment points at the real user: later imports from the source credit them at once.
  for (const [name, row] of known)
    found.set(name, { id: row.user_id, status: row.status === 'completed' ? 'matched' : 'placeholder' });
  const unknown = distinct.filter((person) => !known.has(sourceUsername(person)));
  const matched = await matchingAccounts(db, unknown);
  const placeholders = await createPlaceholders(
    db,
    unknown.filter((person) => !matched.has(person)),
  );
  if (unknown.length > 0) {
    await db
      .insertInto('import_source_users')
      .values(
        unknown.map((person) => {
          const existing = matched.get(person);
          const id = existing ?? (placeholders.get(person) as number);
          return {
            namespace_id: scope.namespaceId,
            source_hostname: sourceHostname,
            source_username: sourceUsername(person),
            source_name: nameOf(person),
            user_id: id,
            // GitLab's statuses: a person matched here is reassigned at once; a placeholder awaits an owner.
            status: existing === undefined ? 'pending_reassignment' : 'completed',
            placeholder_user_id: existing === undefined ? id : null,
          };
        }),
      )
      .onConflict((oc) => oc.columns(['namespace_id', 'source_hostname', 'source_username']).doNothing())
      .execute();
  }
  for (const person of unknown) {
    const existing = matched.get(person);
    found.set(
      sourceUsername(person),
      existing === undefined
        ? { id: placeholders.get(person) as number, status: 'placeholder' }
        : { id: existing, status: 'matched' },
    );
  }
  return people.map((person) => found.get(sourceUsername(person)) as SourcePersonUser);
}

/** One person of a source as a user here (`usersForSourcePeople`). */
export async function userForSourcePerson(
  db: Executor,
  scope: PeopleScope,
  person: SourcePerson,
): Promise<SourcePersonUser> {
  return (await usersForSourcePeople(db, scope, [person]))[0] as SourcePersonUser;
}
