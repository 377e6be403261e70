import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { fetchIssueAiFeatures, type IssueAiFeatures } from './issueAiApi';

const NONE: IssueAiFeatures = { summarize_comments: false, generate_description: false, suggest_labels: false };

/** The issue AI features to offer in a project: none while loading, signed out, or when the server refuses. */
export function useIssueAiFeatures(projectPath: string): IssueAiFeatures {
  const session = useSession();
  const features = useQuery({
    enabled: !session.isLoading && session.user !== null,
    queryKey: ['issue-ai-features', projectPath],
    queryFn: ({ signal }) => fetchIssueAiFeatures(projectPath, signal),
    staleTime: 60_000,
  });
  return features.data ?? NONE;
}
