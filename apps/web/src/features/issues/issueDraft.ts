import { clearItemDraft, itemDraftKey } from '../shared/edit/itemDraft';

/** The issue's edit draft key (the shared edit form keeps it). */
export const issueDraftKey = (projectPath: string, iid: number) => itemDraftKey('issue', projectPath, iid);

/** After a save, a delete or closing the issue the draft has served its purpose. */
export const clearIssueDraft = (projectPath: string, iid: number) => clearItemDraft(issueDraftKey(projectPath, iid));
