import type { Selectable } from 'kysely';
import type { LabelsTable, MilestonesTable, UsersTable } from '../../db/schema';

export type { EpicRow } from '../../modules/epics';
export type { IssueRow } from '../../modules/issues';
export type UserRow = Pick<Selectable<UsersTable>, 'id' | 'username' | 'name' | 'avatar_url' | 'state'>;
export type LabelRow = Selectable<LabelsTable>;
export type MilestoneRow = Selectable<MilestonesTable>;
