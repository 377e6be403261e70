import type { TemplateRow } from './templates.service';

/** A template in a list: GitLab's `{ key, name }`, with where it comes from. */
export function presentTemplateSummary(t: TemplateRow) {
  return {
    key: t.name,
    name: t.name,
    id: t.id,
    source: t.project_id !== null ? 'project' : 'group',
    project_id: t.project_id,
    group_id: t.group_id,
  };
}

/** One template: GitLab's `{ name, content }`, with its summary fields. */
export function presentTemplate(t: TemplateRow) {
  return {
    ...presentTemplateSummary(t),
    content: t.content,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}
