import { requireActor } from '../../policy/require-actor';
import { type LabelRow, listLabels, presentLabelSummary } from '../labels';
import { findProject, type IdOrPath } from '../namespaces';
import { chatText } from './ai-chat';
import type { AiContext } from './ai-context';
import { assertIssueAiAllowed, assertMayCreateIssue } from './issue-ai-access';
import type { SuggestLabelsInput } from './issue-ai-params';
import { ISSUE_AI_PROMPTS, suggestLabelsMessage } from './issue-ai-prompts';

/** The labels offered to the provider, the suggestions kept, and how much of the description is sent. */
const MAX_LABELS = 200;
const MAX_SUGGESTIONS = 5;
const SUGGEST_DESCRIPTION_CHARS = 8_000;

/** A line of the answer as a label name: list marks, a `~` reference and quotes taken off. */
function nameOnLine(line: string): string {
  return line
    .trim()
    .replace(/^(?:[-*•]|\d+[.)])\s*/, '')
    .replace(/^~/, '')
    .replace(/^["'`]|["'`]$/g, '')
    .trim()
    .toLowerCase();
}

/** The labels the answer names, in its order, among `labels` only (anything else is dropped). */
export function namedLabels(answer: string, labels: LabelRow[]): LabelRow[] {
  const byName = new Map(labels.map((l) => [l.title.toLowerCase(), l]));
  const chosen = new Map<number, LabelRow>();
  for (const line of answer.split('\n')) {
    const label = byName.get(nameOnLine(line));
    if (label) chosen.set(label.id, label);
  }
  return [...chosen.values()].slice(0, MAX_SUGGESTIONS);
}

/**
 * Suggests labels for an issue being written: the provider picks from the labels the project
 * offers (its own and its groups'), and only those it names that exist come back — it can never
 * invent one. No labels: no provider call. 404 for a project the caller cannot read, 403 when they
 * may not create issues there or AI is off for its group, 503 without a provider.
 */
export async function suggestIssueLabels(ctx: AiContext, projectId: IdOrPath, input: SuggestLabelsInput) {
  const actor = requireActor(ctx.actor);
  const project = await findProject(ctx.db, actor, projectId);
  assertMayCreateIssue(actor, project);
  const provider = await assertIssueAiAllowed(ctx, project);
  const { rows } = await listLabels(
    ctx.db,
    actor,
    { kind: 'project', project },
    {
      includeAncestorGroups: true,
      includeDescendantGroups: false,
      onlyGroupLabels: true,
      page: 1,
      perPage: MAX_LABELS,
    },
  );
  if (rows.length === 0) return [];
  const answer = await chatText(
    provider,
    ISSUE_AI_PROMPTS.suggestLabels,
    suggestLabelsMessage(
      input.title,
      input.description.slice(0, SUGGEST_DESCRIPTION_CHARS),
      rows.map((l) => l.title),
    ),
  );
  return namedLabels(answer, rows).map(presentLabelSummary);
}
