import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';

/** IE-31 / §9: the blocked-by popover shows the first 3 open blockers and how many there are. */
export const BLOCKING_ISSUES_SHOWN = 3;

// Loaded on the first hover (see BlockedByMark): the GraphQL client stays out of the list's first load.
export const BLOCKING_ISSUES = graphql(`
  query blockingIssues($fullPath: ID!, $iid: String!, $first: Int!) {
    project(fullPath: $fullPath) {
      id
      issue(iid: $iid) {
        id
        blockedByCount
        blockedByIssues(first: $first) {
          nodes {
            id
            iid
            title
            reference(full: true)
            webUrl
          }
        }
      }
    }
  }
`);

export interface BlockingIssues {
  count: number;
  shown: Array<{ id: string; title: string; reference: string; webUrl: string }>;
}

export async function fetchBlockingIssues(projectPath: string, iid: number, signal?: AbortSignal) {
  const data = await graphqlRequest(
    BLOCKING_ISSUES,
    { fullPath: projectPath, iid: String(iid), first: BLOCKING_ISSUES_SHOWN },
    signal,
  );
  const issue = data.project?.issue;
  return {
    count: issue?.blockedByCount ?? 0,
    shown: (issue?.blockedByIssues?.nodes ?? []).flatMap((node) =>
      node?.id && node.webUrl
        ? [{ id: node.id, title: node.title ?? '', reference: node.reference ?? `#${node.iid}`, webUrl: node.webUrl }]
        : [],
    ),
  } satisfies BlockingIssues;
}
