import type { JiraHistoryChange, JiraStatusCategory, JiraTypeSeen } from '@meridian/domain';

/**
 * A Jira file read into one shape, whichever format it came in (`jira-csv.ts`, `jira-json.ts`): the
 * importer (`jira-source.ts`, `jira-importer.ts`) works from these records only.
 */

/** A person as Jira names them. */
export interface JiraPerson {
  /** Stable in the file: the username (Jira Server and Data Center), the account id (Cloud), an email or a name. */
  key: string;
  /** A username to match a user here by (Server and Data Center's `name`); null for Cloud's account ids. */
  username: string | null;
  email: string | null;
  name: string;
}

export interface JiraComment {
  /** Stable in the file: Jira's comment id (JSON), else its place among the issue's comments. */
  id: string;
  author: JiraPerson | null;
  /** Markdown (converted from Jira's wiki markup or the REST API v3's document format). */
  body: string;
  /** ISO instant; null when the file gave none (the issue's creation is used). */
  created: string | null;
}

/** A custom field's values on one issue (`Custom field (Team)`, `customfield_10050`), by the field's name. */
export interface JiraCustomValue {
  field: string;
  values: string[];
}

/** A file attached to an issue (CSV `Attachment`: `date;author;filename;url`; JSON `fields.attachment`). */
export interface JiraAttachment {
  filename: string;
  url: string;
  size: number | null;
  mimeType: string | null;
  author: JiraPerson | null;
  created: string | null;
}

/** One entry of an issue's history (JSON's `changelog.histories`): who changed what, when. */
export interface JiraHistory {
  id: string;
  author: JiraPerson | null;
  /** ISO instant. */
  created: string | null;
  changes: JiraHistoryChange[];
}

export interface JiraWorklog {
  id: string;
  author: JiraPerson | null;
  comment: string;
  started: string | null;
  seconds: number;
}

/** One end of a link as the issue holding it sees it: `outward` (this issue blocks / relates to `ref`) or `inward`. */
export interface JiraLink {
  type: string;
  direction: 'outward' | 'inward';
  /** The other issue's key (or Jira id). */
  ref: string;
}

export interface JiraVersion {
  name: string;
  released: boolean | null;
  /** `YYYY-MM-DD`. */
  releaseDate: string | null;
}

export interface JiraIssueRecord {
  key: string;
  /** Jira's numeric id, which CSV parent columns refer to; null when the file does not give it. */
  id: string | null;
  type: JiraTypeSeen;
  summary: string;
  /** Markdown. */
  description: string;
  status: string;
  statusCategory: JiraStatusCategory;
  priority: string | null;
  resolution: string | null;
  assignee: JiraPerson | null;
  reporter: JiraPerson | null;
  creator: JiraPerson | null;
  /** ISO instants. */
  created: string | null;
  updated: string | null;
  resolved: string | null;
  /** `YYYY-MM-DD`. */
  due: string | null;
  labels: string[];
  components: string[];
  fixVersions: JiraVersion[];
  /** Oldest first: the last is the issue's current sprint. */
  sprints: string[];
  estimateSeconds: number | null;
  spentSeconds: number | null;
  worklogs: JiraWorklog[];
  /** A sub-task's parent, or (Jira Cloud's `parent`, a CSV's `Parent`) an epic: its key or id. */
  parent: string | null;
  /** The Epic Link field: the epic's key (or id). */
  epic: string | null;
  comments: JiraComment[];
  links: JiraLink[];
  watchers: JiraPerson[];
  /** Not downloaded yet: listed in the report. */
  attachments: JiraAttachment[];
  /** Custom fields other than Epic Link, Sprint and story points. */
  custom: JiraCustomValue[];
  /** Story points (the weight), rounded; null when the file has none. */
  storyPoints: number | null;
  /** Oldest first; empty for a CSV (Jira's CSV export has no history). */
  history: JiraHistory[];
}

export interface JiraFile {
  format: 'csv' | 'json';
  /** The Jira site (`https://acme.atlassian.net`) when the file tells it (the REST API's `self` URLs). */
  site: string | null;
  issues: JiraIssueRecord[];
}

/** The people a history names: its authors and the assignees it sets or removes (by Jira's id and shown name). */
export function historyPeople(history: readonly JiraHistory[]): JiraPerson[] {
  return history.flatMap((h) => [
    ...(h.author ? [h.author] : []),
    ...h.changes.flatMap((c) =>
      c.field.toLowerCase() !== 'assignee'
        ? []
        : [
            [c.from, c.fromString],
            [c.to, c.toString],
          ].flatMap(([id, name]) =>
            id ? [{ key: id, username: null, email: null, name: (name || id).slice(0, JIRA_LIMITS.name) }] : [],
          ),
    ),
  ]);
}

/** Longest texts kept, as Meridian's columns allow. */
export const JIRA_LIMITS = {
  title: 255,
  description: 1_000_000,
  note: 1_000_000,
  name: 255,
  worklogComment: 255,
  /** Seconds in a single estimate or work log: Meridian's integer columns, and 10 years of work. */
  seconds: 315_360_000,
};
