import { apiGet, apiPath, encodeId, request } from '../../lib/api';

/** GitLab's Environment entity, the fields the page shows. */
export interface Environment {
  id: number;
  name: string;
  slug: string;
  external_url: string | null;
  state: 'available' | 'stopping' | 'stopped';
  tier: string;
  updated_at: string;
}

interface UserBasic {
  id: number;
  username: string;
  name: string;
}

export interface DeploymentApproval {
  user: UserBasic | null;
  status: 'approved' | 'rejected';
  created_at: string;
  comment: string | null;
}

/** GitLab's Deployment entity with its approval fields; `can_approve` is Meridian's (the viewer may approve now). */
export interface Deployment {
  id: number;
  iid: number;
  ref: string;
  sha: string;
  created_at: string;
  status: 'created' | 'running' | 'success' | 'failed' | 'canceled' | 'blocked';
  user: UserBasic | null;
  environment: { id: number; name: string } | null;
  pending_approval_count: number;
  approvals: DeploymentApproval[];
  approval_summary: { status: 'approved' | 'rejected' | 'pending_approval'; total_required_approvals: number };
  can_approve: boolean;
}

const project = (fullPath: string) => `/projects/${encodeId(fullPath)}`;

export const listEnvironments = (fullPath: string, signal?: AbortSignal) =>
  apiGet<Environment[]>(apiPath(`${project(fullPath)}/environments`, { per_page: 100 }), signal);

/** The project's latest deployments, newest first (the page keeps each environment's first). */
export const listLatestDeployments = (fullPath: string, signal?: AbortSignal) =>
  apiGet<Deployment[]>(
    apiPath(`${project(fullPath)}/deployments`, { order_by: 'id', sort: 'desc', per_page: 100 }),
    signal,
  );

export async function decideDeployment(
  fullPath: string,
  deploymentId: number,
  status: 'approved' | 'rejected',
): Promise<DeploymentApproval> {
  const path = apiPath(`${project(fullPath)}/deployments/${deploymentId}/approval`);
  return (await request<DeploymentApproval>(path, { method: 'POST', body: { status } })).data;
}
