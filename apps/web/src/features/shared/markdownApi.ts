import { request } from '../../lib/api';

/** The issue a text's quick actions would apply to: its iid, or null for a new issue. */
export interface QuickActionsTarget {
  issueIid: number | null;
}

export interface MarkdownPreview {
  html: string;
  /** What the text's quick actions will do ('Adds ~bug label.'); empty without a target. */
  quickActions: string[];
}

/**
 * Markdown rendered by the server's renderer (the same as stored descriptions): the editor's preview
 * (IE-5). With a quick actions target, command lines are left out and explained instead.
 */
export async function renderMarkdown(
  text: string,
  projectPath: string,
  signal?: AbortSignal,
  target?: QuickActionsTarget,
): Promise<MarkdownPreview> {
  const quickActions = target
    ? {
        render_quick_actions: true,
        target_type: 'Issue',
        ...(target.issueIid === null ? {} : { target_id: target.issueIid }),
      }
    : {};
  const { data } = await request<{ html: string; references?: { explanations?: string[] } }>('/api/v4/markdown', {
    method: 'POST',
    body: { text, gfm: true, project: projectPath, ...quickActions },
    signal,
  });
  return { html: data.html, quickActions: data.references?.explanations ?? [] };
}
