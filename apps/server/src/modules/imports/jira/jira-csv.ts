import { isJiraKey, jiraDay, jiraInstant, jiraStatusCategory, jiraWikiToMarkdown } from '@meridian/domain';
import { CsvError, parse } from 'csv-parse/sync';
import { badRequest } from '../../../errors';
import { csvAttachments } from './jira-attachments';
import { csvCustomFields } from './jira-custom-fields';
import {
  JIRA_LIMITS,
  type JiraComment,
  type JiraFile,
  type JiraIssueRecord,
  type JiraLink,
  type JiraPerson,
  type JiraWorklog,
} from './jira-records';

/**
 * Jira's CSV export ("Export Excel CSV (all fields)"): one row per issue under a header naming the
 * fields. A field with several values is several columns of the same name (`Labels`, `Fix Version/s`,
 * `Sprint`, `Comment`, `Watchers`, `Log Work`), every one of which is read; links are columns named
 * `Outward issue link (Blocks)`, `Inward issue link (Relates)`. Comments are `date;author;body`, work
 * logs `comment;date;author;seconds`, estimates seconds, dates the exporter's format (by default
 * `dd/MMM/yy h:mm a`). Jira Cloud adds `… Id` columns with the people's account ids, which comment
 * authors are given as.
 */

/** Names compared as Jira writes them, any case. */
const norm = (name: string) => name.trim().toLowerCase();
const LINK_COLUMN = /^(inward|outward) issue link \(([^()]{1,255})\)$/;
const EMAIL = /^[^\s@]{1,200}@[^\s@]{1,200}$/;

/** The first of `,`, `;` and tab the header line holds: Jira writes commas, a spreadsheet may not. */
function separatorOf(headerLine: string): string {
  for (const separator of [',', ';', '\t']) if (headerLine.includes(separator)) return separator;
  return ',';
}

function cellsOf(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const headerLine = body.split(/\r?\n/, 1)[0] ?? '';
  if (headerLine.trim() === '') throw badRequest('file is not a Jira CSV export: it is empty', 'file');
  try {
    return parse(body, {
      delimiter: separatorOf(headerLine),
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: JIRA_LIMITS.description * 2,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw badRequest(`file is not a readable CSV file${line ? `: malformed at line ${line}` : ''}`, 'file');
    }
    throw error;
  }
}

const REQUIRED = ['Summary', 'Issue key', 'Issue Type'];

/** 400 naming what is missing when the header is not a Jira export's. */
function assertJiraHeader(header: string[]): void {
  const names = new Set(header.map(norm));
  const missing = REQUIRED.filter((name) => !names.has(norm(name)));
  if (missing.length === 0) return;
  const found = header.slice(0, 8).join(', ') + (header.length > 8 ? ', …' : '');
  throw badRequest(
    `file is not a Jira CSV export: the header has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''} (found: ${found.slice(0, 300)})`,
    'file',
  );
}

const seconds = (text: string): number | null => {
  const trimmed = text.trim();
  if (!/^\d{1,12}$/.test(trimmed)) return null;
  return Math.min(Number(trimmed), JIRA_LIMITS.seconds);
};

/** The people the row names, with Jira Cloud's account ids (`Assignee Id`) when the export has them. */
class People {
  /** Account id → display name, from every row's `… Id` columns: comment authors are given by id. */
  readonly names = new Map<string, string>();

  learn(one: (name: string) => string): void {
    for (const field of ['Assignee', 'Reporter', 'Creator']) {
      const id = one(`${field} Id`);
      const name = one(field);
      if (id && name) this.names.set(id, name);
    }
  }

  /** The person in a cell: an email, an account id seen in an `… Id` column, else a username. */
  of(text: string, accountId = ''): JiraPerson | null {
    const value = text.trim().slice(0, JIRA_LIMITS.name);
    const id = accountId.trim().slice(0, JIRA_LIMITS.name);
    if (id) return { key: id, username: null, email: null, name: value || this.names.get(id) || id };
    if (value === '') return null;
    if (EMAIL.test(value)) return { key: value.toLowerCase(), username: null, email: value, name: value };
    const known = this.names.get(value);
    if (known) return { key: value, username: null, email: null, name: known };
    return { key: value, username: value, email: null, name: value };
  }
}

/** `date;author;body` (the body may hold `;`); a cell whose first part is not a date is all body. */
function commentOf(cell: string, index: number, people: People): JiraComment | null {
  const [when = '', who = '', ...rest] = cell.split(';');
  const created = jiraInstant(when);
  const body = created ? rest.join(';') : cell;
  if (body.trim() === '') return null;
  return {
    id: String(index + 1),
    author: created ? people.of(who) : null,
    body: jiraWikiToMarkdown(body).slice(0, JIRA_LIMITS.note),
    created,
  };
}

/** `comment;date;author;seconds` (the comment may hold `;`), or `date;author;seconds`. */
function worklogOf(cell: string, index: number, people: People): JiraWorklog | null {
  const parts = cell.split(';');
  if (parts.length < 3) return null;
  const spent = seconds(parts.at(-1) ?? '');
  if (spent === null || spent === 0) return null;
  const started = jiraInstant(parts.at(-3));
  return {
    id: String(index + 1),
    author: people.of(parts.at(-2) ?? ''),
    comment: parts.slice(0, -3).join(';').trim().slice(0, JIRA_LIMITS.worklogComment),
    started,
    seconds: spent,
  };
}

function linksOf(header: string[], cells: string[]): JiraLink[] {
  const links: JiraLink[] = [];
  header.forEach((name, i) => {
    const m = LINK_COLUMN.exec(norm(name));
    const value = (cells[i] ?? '').trim();
    if (!m || value === '') return;
    const type = name.trim().slice(name.indexOf('(') + 1, -1);
    for (const ref of value.split(/[\s,]+/).filter(Boolean)) {
      links.push({ type, direction: m[1] === 'outward' ? 'outward' : 'inward', ref });
    }
  });
  return links;
}

const nonEmpty = (values: string[]) => values.map((v) => v.trim()).filter(Boolean);

/** Each column name (any case) with the places of the columns of that name, in order. */
function columnsOf(header: string[]): Map<string, number[]> {
  const byName = new Map<string, number[]>();
  header.forEach((name, i) => {
    byName.set(norm(name), [...(byName.get(norm(name)) ?? []), i]);
  });
  return byName;
}

function recordOf(header: string[], byName: Map<string, number[]>, cells: string[], people: People): JiraIssueRecord {
  const all = (name: string) => (byName.get(norm(name)) ?? []).map((i) => cells[i] ?? '');
  const one = (name: string) => nonEmpty(all(name))[0] ?? '';
  const first = (...names: string[]) => names.map(one).find((v) => v !== '') ?? '';
  const typeName = one('Issue Type') || 'Task';
  const status = one('Status') || 'Open';
  const resolution = one('Resolution') || null;
  return {
    key: one('Issue key'),
    id: one('Issue id') || null,
    // The CSV flags no sub-task: `Parent id` says it, when the parent is not an epic (set below).
    type: { name: typeName.slice(0, JIRA_LIMITS.name), subtask: false, hierarchyLevel: null },
    summary: one('Summary').slice(0, JIRA_LIMITS.title),
    description: jiraWikiToMarkdown(all('Description').find((v) => v.trim() !== '') ?? '').slice(
      0,
      JIRA_LIMITS.description,
    ),
    status: status.slice(0, JIRA_LIMITS.name),
    statusCategory: jiraStatusCategory({ name: status, category: one('Status Category') || null, resolution }),
    priority: one('Priority') || null,
    resolution: resolution === 'Unresolved' ? null : resolution,
    assignee: people.of(one('Assignee'), one('Assignee Id')),
    reporter: people.of(one('Reporter'), one('Reporter Id')),
    creator: people.of(one('Creator'), one('Creator Id')),
    created: jiraInstant(one('Created')),
    updated: jiraInstant(one('Updated')),
    resolved: jiraInstant(one('Resolved')),
    due: jiraDay(first('Due Date', 'Due date')),
    labels: nonEmpty(all('Labels')).flatMap((v) => v.split(/\s+/)),
    components: nonEmpty([...all('Component/s'), ...all('Components')]),
    fixVersions: nonEmpty([...all('Fix Version/s'), ...all('Fix versions')]).map((name) => ({
      name,
      released: null,
      releaseDate: null,
    })),
    sprints: nonEmpty(all('Sprint')),
    estimateSeconds: seconds(one('Original Estimate')),
    spentSeconds: seconds(one('Time Spent')),
    worklogs: nonEmpty(all('Log Work')).flatMap((cell, i) => worklogOf(cell, i, people) ?? []),
    parent: first('Parent id', 'Parent', 'Parent key') || null,
    epic: first('Custom field (Epic Link)', 'Epic Link') || null,
    comments: nonEmpty([...all('Comment'), ...all('Comment Body')]).flatMap(
      (cell, i) => commentOf(cell, i, people) ?? [],
    ),
    links: linksOf(header, cells),
    history: [],
    attachments: csvAttachments(all('Attachment'), (name) => people.of(name)),
    ...csvCustomFields(header, cells),
    watchers: nonEmpty(all('Watchers')).flatMap((name, i) => people.of(name, all('Watchers Id')[i] ?? '') ?? []),
  };
}

/**
 * A Jira CSV export read whole: 400 naming why when it is not one (not CSV, no `Summary`, `Issue key`
 * or `Issue Type` column, a row without a key, a key twice).
 */
export function parseJiraCsv(text: string): JiraFile {
  const [header = [], ...rows] = cellsOf(text);
  const names = header.map((name) => name.trim());
  assertJiraHeader(names);
  const columns = columnsOf(names);
  const column = (cells: string[], name: string) => {
    const i = columns.get(norm(name))?.[0];
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
  const people = new People();
  for (const cells of rows) people.learn((name) => column(cells, name));
  const seen = new Set<string>();
  const issues = rows.map((cells, i) => {
    const record = recordOf(names, columns, cells, people);
    if (!isJiraKey(record.key)) {
      throw badRequest(
        `file is not a Jira CSV export: line ${i + 2} has ${record.key ? `the issue key "${record.key.slice(0, 50)}", which is not one` : 'no issue key'}`,
        'file',
      );
    }
    if (seen.has(record.key)) throw badRequest(`file holds the issue ${record.key} twice (line ${i + 2})`, 'file');
    seen.add(record.key);
    return { record, parentId: column(cells, 'Parent id') };
  });
  // A row with a `Parent id` is a sub-task unless that parent is an epic (Jira Cloud fills it for an epic's children too).
  const byRef = new Map(
    issues.flatMap(({ record }) => [[record.key, record] as const, [record.id ?? '', record] as const]),
  );
  for (const { record, parentId } of issues) {
    const parent = parentId ? byRef.get(parentId) : undefined;
    if (parentId && (parent ? !/^epic$/i.test(parent.type.name) : /sub[- ]?task/i.test(record.type.name))) {
      record.type.subtask = true;
    }
  }
  return { format: 'csv', site: null, issues: issues.map(({ record }) => record) };
}
