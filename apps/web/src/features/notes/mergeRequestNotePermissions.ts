import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';
import type { NoteablePermissions } from './NoteableActivity';

// Loaded with the merge request's activity, as the epic's flags are.
export const MERGE_REQUEST_NOTE_PERMISSIONS = graphql(`
  query mergeRequestNotePermissions($fullPath: ID!, $iid: String!) {
    project(fullPath: $fullPath) {
      id
      mergeRequest(iid: $iid) {
        id
        userPermissions {
          createNote
          markNoteAsInternal
          adminNote
          resolveNote
        }
      }
    }
  }
`);

/** What the signed-in user may do with the merge request's comments (all false when it is hidden). */
export async function fetchMergeRequestNotePermissions(
  projectPath: string,
  iid: number,
  signal?: AbortSignal,
): Promise<NoteablePermissions> {
  const data = await graphqlRequest(
    MERGE_REQUEST_NOTE_PERMISSIONS,
    { fullPath: projectPath, iid: String(iid) },
    signal,
  );
  const flags = data.project?.mergeRequest?.userPermissions;
  return {
    createNote: flags?.createNote === true,
    markNoteAsInternal: flags?.markNoteAsInternal === true,
    adminNote: flags?.adminNote === true,
    resolveNote: flags?.resolveNote === true,
  };
}
