import { type JiraHistoryChange, jiraInstant } from '@meridian/domain';
import { JIRA_LIMITS, type JiraHistory, type JiraPerson } from './jira-records';

/**
 * An issue's history in Jira's JSON (`GET …/search?expand=changelog`): `changelog.histories[{id, author,
 * created, items[{field, fieldtype, from, fromString, to, toString}]}]`, oldest first as Jira lists them
 * (sorted by date here all the same: the API pages newest first in some versions).
 */

type Json = Record<string, unknown>;

const MAX_HISTORIES = 5000;
const MAX_CHANGES = 100;
const MAX_VALUE = 10_000;

const obj = (v: unknown): Json | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown, max = MAX_VALUE): string | null =>
  typeof v === 'string' ? v.slice(0, max) : typeof v === 'number' ? String(v) : null;

function changeOf(v: unknown): JiraHistoryChange[] {
  const item = obj(v);
  const field = str(item?.field, JIRA_LIMITS.name)?.trim();
  if (!item || !field) return [];
  return [
    {
      field,
      from: str(item.from, JIRA_LIMITS.name),
      to: str(item.to, JIRA_LIMITS.name),
      fromString: str(item.fromString),
      toString: str(item.toString),
    },
  ];
}

export function historyOf(issue: Json, person: (v: unknown) => JiraPerson | null): JiraHistory[] {
  const histories = arr(obj(issue.changelog)?.histories).slice(0, MAX_HISTORIES);
  const out = histories.flatMap((h, i): JiraHistory[] => {
    const history = obj(h);
    if (!history) return [];
    const changes = arr(history.items).slice(0, MAX_CHANGES).flatMap(changeOf);
    if (changes.length === 0) return [];
    return [
      {
        id: (str(history.id, 50) ?? String(i + 1)).trim(),
        author: person(history.author),
        created: jiraInstant(str(history.created, 100)),
        changes,
      },
    ];
  });
  return out.sort((a, b) => (a.created ?? '').localeCompare(b.created ?? ''));
}
