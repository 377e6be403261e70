/** The vulnerabilities module's transport face: the routes the app registers (modules/README.md). */
export { vulnerabilitiesRoutes } from './vulnerabilities.rest';
