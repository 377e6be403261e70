/** The namespaces module's face: all that code outside it may import (modules/README.md). */
export { isValidFullPath, MAX_FULL_PATH_LENGTH } from './full-path';
export type { IdOrPath } from './id-or-path';
export { findContainer, type NamespaceContainer } from './namespace-container';
export { registerCsvExportRoutes } from './namespace-csv-routes';
export {
  findGroup,
  findGroupRow,
  findProject,
  findProjectRow,
  fullPathOf,
  fullPathsOfNamespaces,
  fullPathsQuery,
  type GroupRow,
  groupQuery,
  groupRowsByIds,
  groupSubject,
  type ProjectRow,
  projectQuery,
  projectRowsByIds,
  projectSubject,
} from './namespace-lookup.service';
export { nameParam, pathParam, sortParam, visibilityParam } from './namespace-params';
export { type NamespacePathRoute, namespacePathRoutes } from './namespace-path-routes';
export { namespaceRoutes } from './namespace-routes';
export { assertTopLevelPathAllowed, isReservedTopLevelPath } from './reserved-paths';
export { externalBaseUrl, webUrl } from './web-url';
