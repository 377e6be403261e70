import { request } from '../../lib/api';

/** Markdown rendered by the server's renderer (the same as stored descriptions): the editor's preview (IE-5). */
export async function renderMarkdown(text: string, projectPath: string, signal?: AbortSignal): Promise<string> {
  const { data } = await request<{ html: string }>('/api/v4/markdown', {
    method: 'POST',
    body: { text, gfm: true, project: projectPath },
    signal,
  });
  return data.html;
}
