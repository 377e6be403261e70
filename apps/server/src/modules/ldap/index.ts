/** The ldap module's face: all that code outside it may import (modules/README.md). */
export { LDAP_PROVIDER, type LdapSettings, ldapSettings } from './ldap-directory';
export { authenticateLdap } from './ldap-sign-in.service';
export { type LdapSyncResult, syncLdapGroupLinks } from './ldap-sync.service';
