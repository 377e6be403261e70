import { encodeId, request } from '../../lib/api';
import type { LabelDetail } from '../../lib/types';

/** Which issue AI features the signed-in user may use in a project (`GET …/issues/ai/features`). */
export interface IssueAiFeatures {
  summarize_comments: boolean;
  generate_description: boolean;
  suggest_labels: boolean;
}

export interface CommentsSummary {
  summary: string;
  /** The model's Markdown, rendered and sanitised by the server. */
  summary_html: string;
  comments_count: number;
}

const base = (projectPath: string) => `/api/v4/projects/${encodeId(projectPath)}/issues`;

export async function fetchIssueAiFeatures(projectPath: string, signal?: AbortSignal): Promise<IssueAiFeatures> {
  return (await request<IssueAiFeatures>(`${base(projectPath)}/ai/features`, { signal })).data;
}

export async function summarizeComments(projectPath: string, iid: number): Promise<CommentsSummary> {
  return (await request<CommentsSummary>(`${base(projectPath)}/${iid}/ai/summarize_comments`, { method: 'POST' })).data;
}

export async function generateDescription(projectPath: string, title: string, content: string): Promise<string> {
  const { data } = await request<{ description: string }>(`${base(projectPath)}/ai/generate_description`, {
    method: 'POST',
    body: { title, content },
  });
  return data.description;
}

export async function suggestLabels(projectPath: string, title: string, description: string): Promise<LabelDetail[]> {
  return (
    await request<LabelDetail[]>(`${base(projectPath)}/ai/suggest_labels`, {
      method: 'POST',
      body: { title, description },
    })
  ).data;
}
