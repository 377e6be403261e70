import { autosaveKey, clearDraft, readDraft, writeDraft } from '../shared/useAutosave';

/** The edit form's title and description, autosaved while typing (IE §3, §4). */
export interface IssueDraftFields {
  title: string;
  description: string;
}

const keyOf = (projectPath: string, iid: number) => autosaveKey(['issue', projectPath, String(iid)]);

export const readIssueDraft = (projectPath: string, iid: number) =>
  readDraft<IssueDraftFields>(keyOf(projectPath, iid));

export const writeIssueDraft = (
  projectPath: string,
  iid: number,
  fields: IssueDraftFields,
  lockVersion: number | undefined,
) => writeDraft(keyOf(projectPath, iid), fields, lockVersion ?? null);

/** After a save, a delete or closing the issue the draft has served its purpose. */
export const clearIssueDraft = (projectPath: string, iid: number) => clearDraft(keyOf(projectPath, iid));
