import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Attribute, Change, Client } from 'ldapts';
import { freePort } from './free-port';

const run = promisify(execFile);
const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';

/** The test directory's base, service account and people (passwords are stored in clear: a test directory). */
export const LDAP_BASE = 'dc=meridian,dc=test';
export const LDAP_ADMIN_DN = `cn=admin,${LDAP_BASE}`;
export const LDAP_ADMIN_PASSWORD = 'slapd-admin-secret';
export const LDAP_PEOPLE = `ou=people,${LDAP_BASE}`;
export const LDAP_GROUPS = `ou=groups,${LDAP_BASE}`;

export interface LdapPerson {
  uid: string;
  cn: string;
  mail: string;
  password: string;
}

/** People and groups of the test directory: `planners` holds alice and bob, `auditors` holds carol. */
export const LDAP_USERS: readonly LdapPerson[] = [
  { uid: 'alice', cn: 'Alice Ldap', mail: 'alice@ldap.meridian.test', password: 'alice-ldap-password' },
  { uid: 'bob', cn: 'Bob Ldap', mail: 'bob@ldap.meridian.test', password: 'bob-ldap-password' },
  { uid: 'carol', cn: 'Carol Ldap', mail: 'carol@ldap.meridian.test', password: 'carol-ldap-password' },
  // In no group: their emails are those of local users (one an administrator) made by the tests.
  { uid: 'dave', cn: 'Dave Ldap', mail: 'dave@local.meridian.test', password: 'dave-ldap-password' },
  { uid: 'mallory', cn: 'Mallory Ldap', mail: 'root-admin@local.meridian.test', password: 'mallory-ldap-password' },
];
export const LDAP_GROUP_MEMBERS: Record<string, string[]> = {
  planners: ['alice', 'bob'],
  'planning-leads': ['alice'],
  auditors: ['carol'],
};

export const personDn = (uid: string) => `uid=${uid},${LDAP_PEOPLE}`;
export const groupDn = (cn: string) => `cn=${cn},${LDAP_GROUPS}`;

function directoryLdif(): string {
  const entries = [
    `dn: ${LDAP_BASE}\nobjectClass: dcObject\nobjectClass: organization\no: Meridian test\ndc: meridian`,
    `dn: ${LDAP_PEOPLE}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ${LDAP_GROUPS}\nobjectClass: organizationalUnit\nou: groups`,
    ...LDAP_USERS.map(
      (u) =>
        `dn: ${personDn(u.uid)}\nobjectClass: inetOrgPerson\nuid: ${u.uid}\ncn: ${u.cn}\n` +
        `sn: ${u.cn.split(' ').at(-1)}\nmail: ${u.mail}\nuserPassword: ${u.password}`,
    ),
    ...Object.entries(LDAP_GROUP_MEMBERS).map(
      ([cn, uids]) =>
        `dn: ${groupDn(cn)}\nobjectClass: groupOfNames\ncn: ${cn}\n` +
        uids.map((uid) => `member: ${personDn(uid)}`).join('\n'),
    ),
  ];
  return `${entries.join('\n\n')}\n`;
}

/** A private slapd (Debian's package, installed by `npm run test:setup`) holding the test directory. */
export interface Slapd {
  /** ldap://127.0.0.1:port */
  url: string;
  /** The environment that points Meridian at it (LDAP_URL, LDAP_BIND_DN, …). */
  env: Record<string, string>;
  /** How long slapd took from spawn to answering a bind (ms). */
  startedInMs: number;
  /** Removes `uid` from group `cn` (as the directory's administrator). */
  removeFromGroup: (cn: string, uid: string) => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * Starts slapd with its own slapd.conf (core, cosine and inetOrgPerson schemas, one mdb database in
 * a temporary directory), loads the test directory with slapadd before it starts, and listens on a
 * free loopback port. `-d 0` keeps it in the foreground, so it is this process's child; as root it
 * runs as root (no -u), which the temporary directory is owned by.
 */
export async function startSlapd(): Promise<Slapd> {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-slapd-'));
  const data = join(dir, 'data');
  mkdirSync(data);
  const conf = join(dir, 'slapd.conf');
  writeFileSync(
    conf,
    `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
pidfile ${join(dir, 'slapd.pid')}
modulepath /usr/lib/ldap
moduleload back_mdb
database mdb
maxsize 16777216
suffix "${LDAP_BASE}"
rootdn "${LDAP_ADMIN_DN}"
rootpw ${LDAP_ADMIN_PASSWORD}
directory ${data}
index objectClass eq
index uid,cn,member eq
`,
  );
  writeFileSync(join(dir, 'directory.ldif'), directoryLdif());
  const started = performance.now();
  await run(SLAPADD, ['-q', '-f', conf, '-l', join(dir, 'directory.ldif')], { timeout: 30_000 });
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(SLAPD, ['-d', '0', '-f', conf, '-h', `${url}/`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const admin = () => new Client({ url, timeout: 5000, connectTimeout: 2000 });
  for (let waited = 0; ; waited += 25) {
    if (child.exitCode !== null) throw new Error(`slapd exited ${child.exitCode}:\n${output}`);
    const client = admin();
    try {
      await client.bind(LDAP_ADMIN_DN, LDAP_ADMIN_PASSWORD);
      await client.unbind();
      break;
    } catch (error) {
      await client.unbind().catch(() => {});
      if (waited > 10_000) throw new Error(`slapd did not start: ${(error as Error).message}\n${output}`);
      await new Promise((done) => setTimeout(done, 25));
    }
  }
  const startedInMs = Math.round(performance.now() - started);
  return {
    url,
    startedInMs,
    env: {
      LDAP_URL: url,
      LDAP_BIND_DN: LDAP_ADMIN_DN,
      LDAP_BIND_PASSWORD: LDAP_ADMIN_PASSWORD,
      LDAP_BASE: LDAP_PEOPLE,
      LDAP_GROUP_BASE: LDAP_GROUPS,
    },
    removeFromGroup: async (cn, uid) => {
      const client = admin();
      try {
        await client.bind(LDAP_ADMIN_DN, LDAP_ADMIN_PASSWORD);
        await client.modify(
          groupDn(cn),
          new Change({ operation: 'delete', modification: new Attribute({ type: 'member', values: [personDn(uid)] }) }),
        );
      } finally {
        await client.unbind();
      }
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((done) => child.once('exit', done));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
