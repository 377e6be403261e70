import { taskCompletionStatus } from '../modules/issuables';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

export interface RealtimeItem {
  title: string;
  description: string;
  description_html: string;
  lock_version: number;
  updated_at: Date;
}

/**
 * GitLab's realtime_changes answer (IE-1 / IE-6): title and description as text and HTML, task
 * completion, lock_version, and who last edited it when anyone has.
 */
export function presentRealtimeChanges(item: RealtimeItem, editor: { name: string; username: string } | undefined) {
  return {
    title: escapeHtml(item.title),
    title_text: item.title,
    description: item.description_html,
    description_text: item.description,
    task_completion_status: taskCompletionStatus(item.description),
    lock_version: item.lock_version,
    ...(editor
      ? {
          updated_at: item.updated_at.toISOString(),
          updated_by_name: editor.name,
          updated_by_path: `/${editor.username}`,
        }
      : {}),
  };
}
