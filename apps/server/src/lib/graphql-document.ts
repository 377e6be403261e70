/** What of a parsed GraphQL document tells whether it writes. */
export interface OperationsOf {
  definitions: readonly { kind: string; operation?: string }[];
}

/** Whether a document holds a mutation: it writes (a query or subscription only reads). */
export function hasMutation(document: OperationsOf): boolean {
  return document.definitions.some((d) => d.kind === 'OperationDefinition' && d.operation === 'mutation');
}
