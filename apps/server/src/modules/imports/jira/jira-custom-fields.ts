import type { JiraCustomValue, JiraIssueRecord } from './jira-records';

/**
 * Jira's custom fields: the CSV's `Custom field (X)` columns (repeated for a multi-select) and the JSON's
 * `customfield_NNNNN` fields (named by the answer's `names`). Epic Link and Sprint keep their meanings
 * (read elsewhere); story points become the weight; every other field is listed in the mapping preview,
 * where a select-like one (short values: a select, a multi-select, a user picker's names, a number) may
 * become scoped labels `Field::value`, and what is left out is listed in the report.
 */

type Json = Record<string, unknown>;

/** Fields with a meaning of their own (lower case). */
const KNOWN = new Set(['epic link', 'sprint']);
const STORY_POINTS = new Set(['story points', 'story point estimate']);
/** A value longer than this, or on several lines, is text, not a choice. */
const MAX_VALUE = 100;
const MAX_VALUES = 50;
const MAX_FIELDS = 200;

export const isStoryPoints = (name: string) => STORY_POINTS.has(name.trim().toLowerCase());
const isListed = (name: string) => !KNOWN.has(name.trim().toLowerCase()) && !isStoryPoints(name);

const CSV_CUSTOM = 'custom field (';

/** `Custom field (Team)` → `Team`; null for another column. */
export function csvCustomFieldName(column: string): string | null {
  const c = column.trim();
  if (!c.toLowerCase().startsWith(CSV_CUSTOM) || !c.endsWith(')')) return null;
  const name = c.slice(CSV_CUSTOM.length, -1).trim();
  return name === '' ? null : name.slice(0, 255);
}

const clean = (values: string[]) =>
  [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))].slice(0, MAX_VALUES);

/** The custom fields of one CSV row (their non-empty cells) and its story points. */
export function csvCustomFields(header: readonly string[], cells: readonly string[]) {
  const byName = new Map<string, string[]>();
  header.forEach((column, i) => {
    const name = csvCustomFieldName(column);
    if (name !== null && byName.size <= MAX_FIELDS) byName.set(name, [...(byName.get(name) ?? []), cells[i] ?? '']);
  });
  return split(byName);
}

function split(byName: Map<string, string[]>): { custom: JiraCustomValue[]; storyPoints: number | null } {
  let storyPoints: number | null = null;
  const custom: JiraCustomValue[] = [];
  for (const [field, raw] of byName) {
    const values = clean(raw);
    if (values.length === 0) continue;
    if (isStoryPoints(field)) {
      const n = Number(values[0]);
      if (Number.isFinite(n) && n >= 0) storyPoints = Math.min(Math.round(n), 1_000_000);
    } else if (isListed(field)) custom.push({ field, values });
  }
  return { custom, storyPoints };
}

/** A JSON value's choices: an option's `value` (a cascading one's child too), a named thing, text, a number. */
function choicesOf(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (typeof v === 'number' && Number.isFinite(v)) return [String(v)];
  if (Array.isArray(v)) return v.slice(0, MAX_VALUES).flatMap((x) => (Array.isArray(x) ? [] : choicesOf(x)));
  if (v === null || typeof v !== 'object') return [];
  const o = v as Json;
  const own = typeof o.value === 'string' ? o.value : typeof o.name === 'string' ? o.name : null;
  if (own === null) return typeof o.displayName === 'string' ? [o.displayName] : [];
  const child = o.child && typeof o.child === 'object' ? (o.child as Json).value : undefined;
  return typeof child === 'string' ? [own, `${own} / ${child}`] : [own];
}

/** The custom fields of one JSON issue (named by `names`, else by their id; Epic Link and Sprint's ids passed over) and its story points. */
export function jsonCustomFields(fields: Json, names: Json | null, readElsewhere: readonly string[]) {
  const byName = new Map<string, string[]>();
  for (const [id, value] of Object.entries(fields)) {
    if (!id.startsWith('customfield_') || value === null || byName.size > MAX_FIELDS) continue;
    if (readElsewhere.includes(id)) continue;
    const named = names?.[id];
    const name = (typeof named === 'string' && named.trim() ? named.trim() : id).slice(0, 255);
    byName.set(name, [...(byName.get(name) ?? []), ...choicesOf(value)]);
  }
  return split(byName);
}

export interface CustomFieldSeen {
  name: string;
  /** How many issues have a value. */
  count: number;
  /** A few of its values, as the page shows them. */
  values: string[];
  /** Every value short and on one line: it may become labels. */
  select_like: boolean;
}

const selectLike = (value: string) => value.length <= MAX_VALUE && !value.includes('\n');

/** The custom fields the file holds, in the order first met. */
export function customFieldsSeen(issues: readonly JiraIssueRecord[]): CustomFieldSeen[] {
  const seen = new Map<string, CustomFieldSeen>();
  for (const issue of issues) {
    for (const { field, values } of issue.custom) {
      const entry = seen.get(field) ?? { name: field, count: 0, values: [], select_like: true };
      entry.count += 1;
      for (const v of values) {
        if (entry.values.length < 5 && !entry.values.includes(v)) entry.values.push(v.slice(0, MAX_VALUE));
        entry.select_like &&= selectLike(v);
      }
      seen.set(field, entry);
    }
  }
  return [...seen.values()];
}

/** The labels an issue gets from the custom fields the mapping makes labels (select-like values only). */
export function customFieldLabelValues(issue: JiraIssueRecord, mapped: (field: string) => boolean) {
  return issue.custom.flatMap(({ field, values }) =>
    mapped(field) ? values.filter(selectLike).map((value) => ({ field, value })) : [],
  );
}
