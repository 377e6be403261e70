import { isIssueBackedType, WORK_ITEM_BASE_TYPES, type WorkItemBaseType, workItemTypeOf } from '@meridian/domain';

/** The type of an issues row by its name: `Task`, `Key Result`; `Issue` for an unknown one. */
export function issueTypeTitle(issueType: string | undefined): string {
  const known = WORK_ITEM_BASE_TYPES.find((t) => t === issueType) as WorkItemBaseType | undefined;
  return known && isIssueBackedType(known) ? workItemTypeOf(known).name : 'Issue';
}

/** The type of an issues row as the page's texts name it: `task`, `key result` (GitLab lower-cases the type). */
export function issueTypeName(issueType: string | undefined): string {
  return issueTypeTitle(issueType).toLowerCase();
}

/** The delete action's texts for an item of this type (IE §2.1: '{type} will be removed! Are you sure?'). */
export function deleteTexts(typeName: string) {
  return {
    action: `Delete ${typeName}`,
    title: `Delete ${typeName}?`,
    body: `${typeName.charAt(0).toUpperCase()}${typeName.slice(1)} will be removed! Are you sure?`,
    failure: `Something went wrong while deleting the ${typeName}. Please try again.`,
    done: `The ${typeName} was deleted.`,
  };
}
