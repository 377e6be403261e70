import qs from 'qs';

/**
 * GitLab's bracketed parameters (`labels[]=a`, `not[labels]=b`, `or[author_username][]=c`) parsed
 * the same way wherever they arrive: query string, form body or multipart fields. The limits bound
 * what one request can make the parser build.
 */
export const queryStringLimits = { arrayLimit: 100, depth: 2, parameterLimit: 200 } as const;

export function parseGitlabParams(input: string | Record<string, string | string[]>): Record<string, unknown> {
  // qs parses an object of raw keys (`labels[]` → labels) as it parses a string; its types omit arrays.
  return qs.parse(input as string | Record<string, string>, queryStringLimits);
}

/** The most fields a form or multipart body may carry, the same bound as the query string. */
export const maxParameters = queryStringLimits.parameterLimit;
