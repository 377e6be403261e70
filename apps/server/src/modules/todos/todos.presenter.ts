import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import { fullPathsOfNamespaces, webUrl } from '../namespaces';
import { presentUserBasic, usersById } from '../users';
import type { TodoListRow } from './todos.service';

type Ctx = Pick<AppContext, 'config'>;

/** GitLab's Todo entity for a page of rows: authors and namespace paths loaded in one statement each. */
export async function presentTodos(ctx: Ctx, db: Database, rows: TodoListRow[]) {
  const [users, paths] = await Promise.all([
    usersById(
      db,
      rows.map((r) => r.author_id),
    ),
    fullPathsOfNamespaces(
      db,
      rows.flatMap((r) => [r.project_namespace_id, r.group_id].filter((id): id is number => id !== null)),
    ),
  ]);
  return rows.map((row) => {
    const author = row.author_id !== null ? users.get(row.author_id) : undefined;
    const projectPath =
      row.project_namespace_id !== null ? `${paths.get(row.project_namespace_id) ?? ''}/${row.project_path}` : null;
    const groupPath = row.group_id !== null ? (paths.get(row.group_id) ?? '') : null;
    // Issues and merge requests live in a project; epics in a group.
    const inProject = row.target_type !== 'Epic';
    const targetPath =
      row.target_type === 'Issue'
        ? `${projectPath}/-/issues/${row.project_item_iid}`
        : row.target_type === 'MergeRequest'
          ? `${projectPath}/-/merge_requests/${row.project_item_iid}`
          : `groups/${groupPath}/-/epics/${row.epic_iid}`;
    const reference =
      row.target_type === 'Issue'
        ? `${projectPath}#${row.project_item_iid}`
        : row.target_type === 'MergeRequest'
          ? `${projectPath}!${row.project_item_iid}`
          : `${groupPath}&${row.epic_iid}`;
    const targetUrl = webUrl(ctx, `${targetPath}${row.note_id !== null ? `#note_${row.note_id}` : ''}`);
    return {
      id: row.id,
      project: inProject
        ? {
            id: row.project_id,
            name: row.project_name,
            name_with_namespace: projectPath,
            path: row.project_path,
            path_with_namespace: projectPath,
          }
        : null,
      group: inProject ? null : { id: row.group_id, full_path: groupPath, web_url: webUrl(ctx, `groups/${groupPath}`) },
      author: author ? presentUserBasic(ctx, author) : null,
      action_name: row.action,
      target_type: row.target_type,
      target: {
        id: row.target_id,
        iid: inProject ? row.project_item_iid : row.epic_iid,
        title: row.title,
        state: row.target_state,
        web_url: webUrl(ctx, targetPath),
        reference,
      },
      target_url: targetUrl,
      body: row.body,
      state: row.state,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  });
}
