import {
  AndFilter,
  Client,
  type Entry,
  EqualityFilter,
  type Filter,
  InvalidCredentialsError,
  OrFilter,
  PresenceFilter,
  SizeLimitExceededError,
  SubstringFilter,
} from 'ldapts';
import type { Config } from '../../config';

/** GitLab's name for the one LDAP server Meridian talks to. */
export const LDAP_PROVIDER = 'ldapmain';

export interface LdapSettings {
  url: string;
  bindDn: string | undefined;
  bindPassword: string | undefined;
  base: string;
  uid: string;
  groupBase: string;
}

/** The LDAP server from the configuration, or null when LDAP_URL is unset (LDAP off). */
export function ldapSettings(config: Config): LdapSettings | null {
  if (!config.LDAP_URL || !config.LDAP_BASE) return null;
  return {
    url: config.LDAP_URL,
    bindDn: config.LDAP_BIND_DN,
    bindPassword: config.LDAP_BIND_PASSWORD,
    base: config.LDAP_BASE,
    uid: config.LDAP_UID,
    groupBase: config.LDAP_GROUP_BASE ?? config.LDAP_BASE,
  };
}

/** A person found in the directory. */
export interface LdapPerson {
  dn: string;
  uid: string;
  name: string;
  email: string | null;
}

const TIMEOUTS = { timeout: 10_000, connectTimeout: 5_000 };
const GROUP_CLASSES = ['groupOfNames', 'groupOfUniqueNames', 'posixGroup'];

/** Runs `work` on a connection bound as the service account (anonymous without LDAP_BIND_DN). */
async function asService<T>(settings: LdapSettings, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ url: settings.url, ...TIMEOUTS });
  try {
    if (settings.bindDn) await client.bind(settings.bindDn, settings.bindPassword ?? '');
    return await work(client);
  } finally {
    await client.unbind().catch(() => {});
  }
}

const first = (value: string | string[] | Buffer | Buffer[] | undefined): string | null => {
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return null;
  return typeof one === 'string' ? one : one.toString('utf8');
};
const all = (value: string | string[] | Buffer | Buffer[] | undefined): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((v) =>
    typeof v === 'string' ? v : v.toString('utf8'),
  );

const groupClassFilter = () =>
  new OrFilter({ filters: GROUP_CLASSES.map((value) => new EqualityFilter({ attribute: 'objectClass', value })) });

/**
 * GitLab's `groups("#{search}*", 20)`: the groups whose cn starts with `search` (every group when
 * it is empty), at most `limit`, by cn. Filters are built as objects, never from strings: a search
 * of `*)(uid=*` is a cn prefix like any other.
 */
export async function searchLdapGroups(settings: LdapSettings, search: string, limit: number): Promise<string[]> {
  const cn: Filter =
    search === ''
      ? new PresenceFilter({ attribute: 'cn' })
      : new SubstringFilter({ attribute: 'cn', initial: search, any: [], final: '' });
  const filter = new AndFilter({ filters: [groupClassFilter(), cn] });
  return asService(settings, async (client) => {
    let entries: Entry[];
    try {
      ({ searchEntries: entries } = await client.search(settings.groupBase, {
        scope: 'sub',
        filter,
        attributes: ['cn'],
        sizeLimit: limit,
      }));
    } catch (error) {
      // More groups than the limit: the server stops at it; ldapts reports that as an error.
      if (!(error instanceof SizeLimitExceededError)) throw error;
      entries = [];
    }
    return entries
      .map((e) => first(e.cn))
      .filter((c): c is string => c !== null)
      .sort((a, b) => a.localeCompare(b))
      .slice(0, limit);
  });
}

/** The person whose LDAP_UID attribute (or mail) is `login`, or null (none, or several). */
export async function findLdapPerson(settings: LdapSettings, login: string): Promise<LdapPerson | null> {
  const filter = new OrFilter({
    filters: [
      new EqualityFilter({ attribute: settings.uid, value: login }),
      new EqualityFilter({ attribute: 'mail', value: login }),
    ],
  });
  return asService(settings, async (client) => {
    const { searchEntries } = await client.search(settings.base, {
      scope: 'sub',
      filter,
      attributes: [settings.uid, 'cn', 'displayName', 'mail'],
      sizeLimit: 2,
    });
    const entry = searchEntries[0];
    if (searchEntries.length !== 1 || !entry) return null;
    const uid = first(entry[settings.uid]);
    if (!uid) return null;
    return {
      dn: entry.dn,
      uid,
      name: first(entry.displayName) ?? first(entry.cn) ?? uid,
      email: first(entry.mail),
    };
  }).catch((error) => {
    if (error instanceof SizeLimitExceededError) return null;
    throw error;
  });
}

/** Whether `password` binds as `dn`. An empty password would be an anonymous bind: refused here. */
export async function ldapPasswordMatches(settings: LdapSettings, dn: string, password: string): Promise<boolean> {
  if (password === '') return false;
  const client = new Client({ url: settings.url, ...TIMEOUTS });
  try {
    await client.bind(dn, password);
    return true;
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return false;
    throw error;
  } finally {
    await client.unbind().catch(() => {});
  }
}

/**
 * The member DNs of LDAP group `cn` (member, uniqueMember; memberUid turned into DNs under
 * LDAP_BASE is not done: posixGroup members are matched by uid instead), lower-cased, and the
 * memberUid values. Null when there is no such group.
 */
export async function ldapGroupMembers(
  settings: LdapSettings,
  cn: string,
): Promise<{ dns: Set<string>; uids: Set<string> } | null> {
  const filter = new AndFilter({ filters: [groupClassFilter(), new EqualityFilter({ attribute: 'cn', value: cn })] });
  return asService(settings, async (client) => {
    const { searchEntries } = await client.search(settings.groupBase, {
      scope: 'sub',
      filter,
      attributes: ['member', 'uniqueMember', 'memberUid'],
    });
    if (searchEntries.length === 0) return null;
    const dns = new Set<string>();
    const uids = new Set<string>();
    for (const entry of searchEntries) {
      for (const dn of [...all(entry.member), ...all(entry.uniqueMember)]) dns.add(normalizeDn(dn));
      for (const uid of all(entry.memberUid)) uids.add(uid.toLowerCase());
    }
    return { dns, uids };
  });
}

/** DNs compared as GitLab does: case-insensitively, without spaces after the separators. */
export function normalizeDn(dn: string): string {
  return dn
    .split(',')
    .map((part) => part.trim())
    .join(',')
    .toLowerCase();
}
