import { GraphQLError } from 'graphql';

/**
 * The longest document text accepted, in characters. Mercurius keeps the text of every cached
 * document as its key, so this bounds the text part of the document caches (graphql.plugin.ts); the
 * web app's longest document is ~2,600 characters, GitLab's with their fragments inlined ~10,000.
 */
export const MAX_DOCUMENT_CHARACTERS = 32 * 1024;

/** A document refused before parsing: status 400 and the error, as Mercurius answers its own validation errors. */
export class DocumentTooLargeError extends Error {
  readonly statusCode = 400;
  readonly errors: GraphQLError[];
  constructor(length: number) {
    super('Graphql validation error');
    this.errors = [
      new GraphQLError(`Query is too large: ${length} characters, at most ${MAX_DOCUMENT_CHARACTERS}`, {
        extensions: { code: 'QUERY_TOO_LARGE' },
      }),
    ];
  }
}

/** Mercurius `preParsing` hook: runs before the document is looked up in or added to the cache. */
export async function documentSizeHook(_schema: unknown, source: string): Promise<void> {
  if (source.length > MAX_DOCUMENT_CHARACTERS) throw new DocumentTooLargeError(source.length);
}
