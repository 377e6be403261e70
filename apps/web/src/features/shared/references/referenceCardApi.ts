import { WORK_ITEM_BASE_TYPES, workItemTypeOf } from '@meridian/domain';
import { apiGet, encodeId } from '../../../lib/api';
import type { MilestoneRef, UserSummary } from '../../../lib/types';

/** A reference link of rendered Markdown (the server's `a.gfm[data-reference-type]`). */
export interface ReferenceTarget {
  type: 'issue' | 'merge_request' | 'epic' | 'user';
  /** Project path (issues, merge requests), group path (epics) or username. */
  path: string;
  iid: number | null;
}

/** What a hover card shows: GitLab's issuable popover, or its user popover. */
export type ReferenceCardData =
  | {
      kind: 'issuable';
      type: 'issue' | 'merge_request' | 'epic';
      /** What the card calls it: the work item type's name for an issue (Task, Incident…). */
      typeName: string;
      state: string;
      title: string;
      reference: string;
      confidential: boolean;
      assignees: UserSummary[];
      milestone: MilestoneRef | null;
      created_at: string;
    }
  | { kind: 'user'; name: string; username: string; avatar_url: string | null; state: string; bio: string | null };

/** The target of a reference link, or null for links that are not (or not hoverable) references. */
export function referenceTargetOf(link: HTMLAnchorElement): ReferenceTarget | null {
  const type = link.dataset.referenceType;
  if (type === 'user') return link.dataset.username ? { type, path: link.dataset.username, iid: null } : null;
  if (type !== 'issue' && type !== 'merge_request' && type !== 'epic') return null;
  const path = type === 'epic' ? link.dataset.groupPath : link.dataset.projectPath;
  const iid = Number(link.dataset.iid);
  return path && Number.isSafeInteger(iid) && iid > 0 ? { type, path, iid } : null;
}

interface IssuableAnswer {
  /** Issues only: `issue`, `task`, `incident`… */
  issue_type?: string;
  state: string;
  title: string;
  references?: { full: string };
  confidential?: boolean;
  assignees?: UserSummary[];
  milestone?: MilestoneRef | null;
  created_at: string;
}

const OTHER_TYPE_NAMES = { merge_request: 'Merge request', epic: 'Epic' } as const;

/** "Issue", "Task", "Incident"…, "Merge request" or "Epic". */
function issuableTypeName(type: 'issue' | 'merge_request' | 'epic', issueType: string | undefined): string {
  if (type !== 'issue') return OTHER_TYPE_NAMES[type];
  const known = WORK_ITEM_BASE_TYPES.find((t) => t === issueType);
  return workItemTypeOf(known ?? 'issue').name;
}

/** Loads the card through the same REST reads the pages use: what the reader may not see is a 404. */
export async function fetchReferenceCard(target: ReferenceTarget, signal?: AbortSignal): Promise<ReferenceCardData> {
  if (target.type === 'user') {
    const [user] = await apiGet<
      Array<{ name: string; username: string; avatar_url: string | null; state: string; bio?: string | null }>
    >(`/api/v4/users?username=${encodeURIComponent(target.path)}`, signal);
    if (!user) throw new Error('User not found');
    return { kind: 'user', ...user, bio: user.bio ?? null };
  }
  const base =
    target.type === 'epic'
      ? `/api/v4/groups/${encodeId(target.path)}/epics/${target.iid}`
      : `/api/v4/projects/${encodeId(target.path)}/${target.type === 'issue' ? 'issues' : 'merge_requests'}/${target.iid}`;
  const item = await apiGet<IssuableAnswer>(base, signal);
  const sigil = target.type === 'issue' ? '#' : target.type === 'epic' ? '&' : '!';
  return {
    kind: 'issuable',
    type: target.type,
    typeName: issuableTypeName(target.type, item.issue_type),
    state: item.state,
    title: item.title,
    reference: item.references?.full ?? `${target.path}${sigil}${target.iid}`,
    confidential: item.confidential === true,
    assignees: item.assignees ?? [],
    milestone: item.milestone ?? null,
    created_at: item.created_at,
  };
}
