import { apiGet, apiPath, encodeId, request } from '../../lib/api';

/** Where templates are kept: a group or a project, by full path. */
export interface TemplateOwner {
  kind: 'group' | 'project';
  fullPath: string;
}

/** GitLab's template type segment for description templates. */
export type TemplateType = 'issues' | 'merge_requests';

/** A template in a list (`GET …/templates/:type`): GitLab's `{ key, name }` and where it is kept. */
export interface TemplateSummary {
  key: string;
  name: string;
  id: number;
  source: 'project' | 'group';
  project_id: number | null;
  group_id: number | null;
}

export interface Template extends TemplateSummary {
  content: string;
  created_at: string;
  updated_at: string;
}

export interface TemplateInput {
  name: string;
  content: string;
}

const listPath = (owner: TemplateOwner, type: TemplateType) =>
  apiPath(`/${owner.kind === 'group' ? 'groups' : 'projects'}/${encodeId(owner.fullPath)}/templates/${type}`);
const onePath = (owner: TemplateOwner, type: TemplateType, name: string) =>
  `${listPath(owner, type)}/${encodeURIComponent(name)}`;

/** The templates the owner offers: its own, then its groups' (nearest first). */
export function listTemplates(owner: TemplateOwner, type: TemplateType, signal?: AbortSignal) {
  return apiGet<TemplateSummary[]>(listPath(owner, type), signal);
}

export function fetchTemplate(owner: TemplateOwner, type: TemplateType, name: string, signal?: AbortSignal) {
  return apiGet<Template>(onePath(owner, type, name), signal);
}

export async function createTemplate(owner: TemplateOwner, type: TemplateType, input: TemplateInput) {
  return (await request<Template>(listPath(owner, type), { method: 'POST', body: input })).data;
}

export async function updateTemplate(owner: TemplateOwner, type: TemplateType, name: string, input: TemplateInput) {
  return (await request<Template>(onePath(owner, type, name), { method: 'PUT', body: input })).data;
}

export async function deleteTemplate(owner: TemplateOwner, type: TemplateType, name: string): Promise<void> {
  await request<null>(onePath(owner, type, name), { method: 'DELETE' });
}
