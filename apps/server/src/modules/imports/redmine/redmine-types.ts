import type { RedmineJournalDetail, RedmineTextFormatting, RedmineWorkItemType } from '@meridian/domain';

/** Redmine's JSON answers, the fields the importer reads (Redmine 5's REST API). */

export interface RedmineNamed {
  id: number;
  name: string;
}

export interface RedmineUser {
  id: number;
  login: string;
  firstname: string;
  lastname: string;
  mail?: string;
  created_on?: string;
}

export interface RedmineProject {
  id: number;
  name: string;
  identifier: string;
  description?: string | null;
  parent?: { id: number; name?: string };
  is_public?: boolean;
  status?: number;
  created_on: string;
  updated_on: string;
}

export interface RedmineTracker extends RedmineNamed {
  description?: string | null;
}

export interface RedmineVersion extends RedmineNamed {
  project: RedmineNamed;
  description?: string | null;
  status: 'open' | 'locked' | 'closed';
  due_date: string | null;
  sharing: string;
  created_on: string;
  updated_on: string;
}

export interface RedmineCategory extends RedmineNamed {
  project: RedmineNamed;
}

export interface RedmineRelation {
  id: number;
  issue_id: number;
  issue_to_id: number;
  relation_type: string;
  delay: number | null;
}

export interface RedmineJournal {
  id: number;
  user?: RedmineNamed;
  notes: string | null;
  created_on: string;
  private_notes?: boolean;
  details: RedmineJournalDetail[];
}

export interface RedmineChild {
  id: number;
  tracker: RedmineNamed;
  subject?: string;
  children?: RedmineChild[];
}

export interface RedmineIssue {
  id: number;
  project: RedmineNamed;
  tracker: RedmineNamed;
  status: RedmineNamed & { is_closed?: boolean };
  priority?: RedmineNamed;
  author?: RedmineNamed;
  assigned_to?: RedmineNamed;
  category?: RedmineNamed;
  fixed_version?: RedmineNamed;
  parent?: { id: number };
  subject: string;
  description: string | null;
  start_date: string | null;
  due_date: string | null;
  is_private?: boolean;
  estimated_hours: number | null;
  created_on: string;
  updated_on: string;
  closed_on: string | null;
  relations?: RedmineRelation[];
  journals?: RedmineJournal[];
  watchers?: RedmineNamed[];
  children?: RedmineChild[];
}

export interface RedmineTimeEntry {
  id: number;
  project: RedmineNamed;
  issue?: { id: number };
  user?: RedmineNamed;
  hours: number;
  comments: string | null;
  spent_on: string;
  created_on: string;
}

/** What the job keeps about its source besides the URL and key (`import_jobs.source_options`). */
export interface RedmineJobOptions {
  /** The identifiers of the projects chosen; their subprojects come along. */
  projects: string[];
  /** Tracker id → the work item type its issues become. */
  trackers: Record<string, RedmineWorkItemType>;
  /** How the Redmine's texts are written (absent on jobs made before it was asked: Textile). */
  text_formatting?: RedmineTextFormatting;
}
