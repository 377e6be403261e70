import { autosaveKey, clearDraft, readDraft, writeDraft } from '../useAutosave';

/** An edit form's title and description, autosaved while typing (IE §3, §4). */
export interface TitleDescriptionDraft {
  title: string;
  description: string;
}

/** Where one item's edit draft is kept: `autosave/issue/<project>/<iid>`, `autosave/epic/<group>/<iid>`. */
export const itemDraftKey = (kind: 'issue' | 'epic', path: string, iid: number) =>
  autosaveKey([kind, path, String(iid)]);

export const readItemDraft = (key: string) => readDraft<TitleDescriptionDraft>(key);

export const writeItemDraft = (key: string, fields: TitleDescriptionDraft, lockVersion: number | undefined) =>
  writeDraft(key, fields, lockVersion ?? null);

/** After a save, a delete or closing the item the draft has served its purpose. */
export const clearItemDraft = (key: string) => clearDraft(key);
