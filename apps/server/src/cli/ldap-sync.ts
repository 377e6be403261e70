import type { Config } from '../config';
import { migrate } from '../db/migrate';
import { ldapSettings, syncLdapGroupLinks } from '../modules/ldap';
import { CliError } from './cli-error';
import { openDatabase } from './open-database';

/** `meridian ldap-sync`: syncs every group's LDAP group links once (IE-72) and prints what changed. */
export async function runLdapSync(argv: string[], config: Config, out: (line: string) => void = console.log) {
  if (argv.length > 0) throw new CliError(`Unexpected argument: ${argv[0]}`);
  const settings = ldapSettings(config);
  if (!settings) throw new CliError('LDAP is not configured: set LDAP_URL and LDAP_BASE.');
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    const result = await syncLdapGroupLinks(database.db, settings);
    out(`LDAP group sync: ${result.added} added, ${result.updated} updated, ${result.removed} removed.`);
  } finally {
    await database.close();
  }
}
