import { isInt4Id } from '@meridian/domain';
import { badRequest } from '../errors';

/** GitLab global ids: `gid://gitlab/Epic/3`. */
export type GidType =
  | 'Group'
  | 'Project'
  | 'Epic'
  | 'EpicIssue'
  | 'Issue'
  | 'User'
  | 'GroupLabel'
  | 'ProjectLabel'
  | 'Label'
  | 'Milestone'
  | 'Iteration'
  | 'MergeRequest'
  | 'WorkItem'
  | 'Note'
  | 'Todo'
  | 'Timelog'
  | 'SystemNoteMetadata'
  | 'IncidentManagement::TimelineEvent'
  | 'IncidentManagement::EscalationPolicy'
  | 'IncidentManagement::EscalationRule'
  | 'Import::SourceUser'
  | 'Namespace';

export function gid(type: GidType, id: number): string {
  return `gid://gitlab/${type}/${id}`;
}

/** The numeric id of `gid://gitlab/<Type>/<id>` when the type is one of `types`; null otherwise. */
export function parseGid(value: string, types: readonly GidType[]): number | null {
  const match = /^gid:\/\/gitlab\/([A-Za-z:]{1,64})\/(\d{1,10})$/.exec(value);
  if (!match || !types.includes(match[1] as GidType)) return null;
  const id = Number(match[2]);
  return isInt4Id(id) ? id : null;
}

/** The numeric id of a global id argument of one of `types`; 400 naming `field` otherwise. */
export function gidArgument(value: string, types: readonly GidType[], field: string): number {
  const id = parseGid(value, types);
  if (id === null) throw badRequest(`${field} is invalid`, field);
  return id;
}

/** The type and numeric id of `gid://gitlab/<Type>/<id>` when the type is one of `types`; null otherwise. */
export function parseTypedGid<T extends GidType>(value: string, types: readonly T[]): { type: T; id: number } | null {
  const id = parseGid(value, types);
  if (id === null) return null;
  const type = value.slice('gid://gitlab/'.length, value.lastIndexOf('/')) as T;
  return { type, id };
}
