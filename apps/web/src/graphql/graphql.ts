import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env';

/**
 * Typed GraphQL documents: `graphql(\`query …\`)` is checked against schema.graphql (printed from the
 * server's Pothos schema by `npm run gen:graphql-schema`) and carries its result and variable types.
 * The server declares almost every field nullable; `@_required` marks the ones this app treats as
 * always present (type-level only, removed before sending).
 */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  disableMasking: true;
  scalars: {
    ID: string;
    Date: string;
    Time: string;
    EpicID: string;
    EpicTreeSortingID: string;
    WorkItemID: string;
    WorkItemsTypeID: string;
    ImportSourceUserID: string;
    UserID: string;
  };
}>();

export type { ResultOf, TadaDocumentNode, VariablesOf } from 'gql.tada';
