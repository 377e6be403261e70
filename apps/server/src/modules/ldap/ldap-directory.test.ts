import { describe, expect, it } from 'vitest';
import { normalizeDn } from './ldap-directory';

describe('normalizeDn (how a group member is matched to an identity)', () => {
  it.each([
    ['uid=alice,ou=people,dc=example,dc=org', 'uid=alice,ou=people,dc=example,dc=org'],
    ['UID=Alice, OU=People, DC=Example, DC=Org', 'uid=alice,ou=people,dc=example,dc=org'],
    [' uid=bob ,ou=people ', 'uid=bob,ou=people'],
  ])('%j → %j', (dn, normalized) => {
    expect(normalizeDn(dn)).toBe(normalized);
  });
});
