/** The ldap module's transport face: the routes the app registers (modules/README.md). */
export { ldapRoutes } from './ldap.rest';
