import { textColorFor } from '@meridian/domain';
import { renderMarkdown } from '../../markdown/render-markdown';
import type { LabelCounts, LabelExtras } from './label-counts';
import type { LabelRow } from './labels.service';

/** A label description as sanitized HTML (rendered Markdown); null when empty. Every presenter uses this. */
export function labelDescriptionHtml(description: string | null): string | null {
  return description ? renderMarkdown(description) : null;
}

/** GitLab's label summary inside an issue, merge request or epic (`with_labels_details=true`, epics always). */
export function presentLabelSummary(label: LabelRow) {
  return {
    id: label.id,
    name: label.title,
    color: label.color,
    description: label.description || null,
    description_html: labelDescriptionHtml(label.description),
    // From the colour at every answer (the stored column predates the WCAG rule).
    text_color: textColorFor(label.color),
  };
}

const ZERO: LabelCounts = { openIssues: 0, closedIssues: 0, openMergeRequests: 0 };

/**
 * GitLab's Label / LabelWithCounts entity. Counts appear when `withCounts` (lists with
 * `with_counts=true`, and single-label answers, as GitLab).
 */
export function presentLabel(label: LabelRow, extras: LabelExtras, withCounts: boolean) {
  const counts = extras.counts.get(label.id) ?? ZERO;
  // Object.assign, not a literal opening with a spread: see test/leading-spread-literals.ts.
  return Object.assign(presentLabelSummary(label), {
    ...(withCounts
      ? {
          open_issues_count: counts.openIssues,
          closed_issues_count: counts.closedIssues,
          open_merge_requests_count: counts.openMergeRequests,
        }
      : {}),
    subscribed: extras.subscribed.has(label.id),
    priority: label.priority,
    is_project_label: label.project_id !== null,
  });
}
