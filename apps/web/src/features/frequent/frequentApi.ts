import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';
import { request } from '../../lib/api';

/** What a visit is of, in GitLab's words (`type` of `POST /-/track_namespace_visits`). */
export type VisitType = 'projects' | 'groups';

/** A frequently visited project or group, as the pickers and lists show it. */
export interface FrequentItem {
  id: number;
  name: string;
  fullPath: string;
  webUrl: string;
}

export const FRECENT_PROJECTS = graphql(`
  query frecentProjects {
    frecentProjects { id name fullPath webUrl }
  }
`);

export const FRECENT_GROUPS = graphql(`
  query frecentGroups {
    frecentGroups { id name fullPath webUrl }
  }
`);

type Node = { id: string | null; name: string | null; fullPath: string | null; webUrl: string | null };

const toItems = (nodes: readonly Node[] | null | undefined): FrequentItem[] =>
  (nodes ?? []).flatMap((n) => {
    const id = Number(n.id?.split('/').pop());
    if (!n.name || !n.fullPath || !Number.isInteger(id)) return [];
    return [{ id, name: n.name, fullPath: n.fullPath, webUrl: n.webUrl ?? `/${n.fullPath}` }];
  });

/** The signed-in user's frequently visited projects, most frecent first (IE-18, GitLab's `frecentProjects`). */
export async function fetchFrecentProjects(signal?: AbortSignal): Promise<FrequentItem[]> {
  return toItems((await graphqlRequest(FRECENT_PROJECTS, {}, signal)).frecentProjects);
}

/** The signed-in user's frequently visited groups, most frecent first (GitLab's `frecentGroups`). */
export async function fetchFrecentGroups(signal?: AbortSignal): Promise<FrequentItem[]> {
  return toItems((await graphqlRequest(FRECENT_GROUPS, {}, signal)).frecentGroups);
}

/** IE-18: records a visit on the server; the answer carries nothing but errors. */
export async function postVisit(type: VisitType, id: number): Promise<void> {
  await request<null>('/-/track_namespace_visits', { method: 'POST', body: { type, id } });
}
