import { useQuery } from '@tanstack/react-query';
import { type QuickActionsTarget, renderMarkdown } from './markdownApi';

export const markdownKeys = {
  all: ['markdown'] as const,
  preview: (text: string, projectPath: string, issueIid: number | null | undefined) =>
    ['markdown', 'preview', projectPath, issueIid, text] as const,
};

/** The text rendered by the server as it will be stored, and what its quick actions would do; a text renders once. */
export function useMarkdownPreview(text: string, projectPath: string, quickActionsTarget?: QuickActionsTarget) {
  return useQuery({
    queryKey: markdownKeys.preview(text, projectPath, quickActionsTarget?.issueIid),
    queryFn: ({ signal }) => renderMarkdown(text, projectPath, signal, quickActionsTarget),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
