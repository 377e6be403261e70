import { type DocumentNode, print, visit } from '@0no-co/graphql.web';
import type { TadaDocumentNode } from 'gql.tada';
import { request } from '../lib/api';

/** A GraphQL error list answer (HTTP 200 with `errors`), as an Error carrying every message. */
export class GraphQLRequestError extends Error {
  readonly messages: string[];

  constructor(messages: string[]) {
    super(messages.join('; ') || 'GraphQL request failed');
    this.name = 'GraphQLRequestError';
    this.messages = messages;
  }
}

const CLIENT_DIRECTIVES = new Set(['_required', '_optional']);
const printed = new WeakMap<DocumentNode, string>();

/** The document's text as the server gets it: without gql.tada's type-only `@_required` / `@_optional`. */
export function documentText(document: DocumentNode): string {
  let text = printed.get(document);
  if (text === undefined) {
    text = print(visit(document, { Directive: (node) => (CLIENT_DIRECTIVES.has(node.name.value) ? null : undefined) }));
    printed.set(document, text);
  }
  return text;
}

/** POSTs a typed document to `/api/graphql` (cookie session, CSRF header) and returns its `data`; throws on `errors`. */
export async function graphqlRequest<Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  variables: Variables,
  signal?: AbortSignal,
): Promise<Result> {
  const { data } = await request<{ data?: Result | null; errors?: { message: string }[] }>('/api/graphql', {
    method: 'POST',
    body: { query: documentText(document), variables },
    signal,
  });
  if (data?.errors?.length) throw new GraphQLRequestError(data.errors.map((e) => e.message));
  if (!data?.data) throw new GraphQLRequestError(['Empty GraphQL answer']);
  return data.data;
}
