import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';
import type { NoteablePermissions } from './NoteableActivity';

// Loaded with the epic's activity: the GraphQL client stays out of the epic page's first load.
export const EPIC_NOTE_PERMISSIONS = graphql(`
  query epicNotePermissions($fullPath: ID!, $iid: ID!) {
    group(fullPath: $fullPath) {
      id
      epic(iid: $iid) {
        id
        userPermissions {
          createNote
          markNoteAsInternal
          adminNote
        }
      }
    }
  }
`);

/** What the signed-in user may do with the epic's comments (all false when it is hidden). */
export async function fetchEpicNotePermissions(
  groupPath: string,
  iid: number,
  signal?: AbortSignal,
): Promise<NoteablePermissions> {
  const data = await graphqlRequest(EPIC_NOTE_PERMISSIONS, { fullPath: groupPath, iid: String(iid) }, signal);
  const flags = data.group?.epic?.userPermissions;
  return {
    createNote: flags?.createNote === true,
    markNoteAsInternal: flags?.markNoteAsInternal === true,
    adminNote: flags?.adminNote === true,
  };
}
