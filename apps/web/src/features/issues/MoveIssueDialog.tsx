import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { apiGet, apiPath, encodeId, request } from '../../lib/api';
import { urls } from '../../lib/paths';
import type { Issue, Project } from '../../lib/types';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { showToast } from '../../ui/toast';
import { type PickerItem, SearchPicker, usePickerSearch } from '../epics/tree-add/SearchPicker';
import confirmStyles from '../shared/DetailLayout.module.css';

/** GitLab's text when the move fails. */
const MOVE_FAILED = 'An error occurred while moving the issue.';

/** Projects the user may move issues into: a Planner or above may administer issues there. */
function fetchMoveTargets(search: string, signal?: AbortSignal): Promise<Project[]> {
  return apiGet<Project[]>(
    apiPath('/projects', {
      min_access_level: 15,
      order_by: 'last_activity_at',
      search_namespaces: true,
      search: search || undefined,
      per_page: 20,
    }),
    signal,
  );
}

/**
 * GitLab's "Move issue": pick a project, Move; the issue is copied there (REST
 * `POST …/issues/:iid/move`), this one closed, and the page goes to the new issue.
 */
export function MoveIssueDialog({
  isOpen,
  onOpenChange,
  issue,
  projectPath,
  onMoved,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  issue: Issue;
  projectPath: string;
  onMoved: () => void;
}) {
  const router = useRouter();
  const [target, setTarget] = useState<PickerItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { search, term, onSearch, reset } = usePickerSearch(target);
  const projects = useQuery({
    queryKey: ['issue-move-targets', term],
    queryFn: ({ signal }) => fetchMoveTargets(term, signal),
    enabled: isOpen,
  });
  const items = (projects.data ?? [])
    .filter((p) => p.path_with_namespace !== projectPath)
    .map((p) => ({ id: p.id, name: p.name, path: p.path_with_namespace }));

  const move = async () => {
    if (!target) return;
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await request<Issue>(apiPath(`/projects/${encodeId(projectPath)}/issues/${issue.iid}/move`), {
        method: 'POST',
        body: { to_project_id: target.id },
      });
      onMoved();
      onOpenChange(false);
      showToast('Issue moved.');
      await router.navigate({ href: urls.issue(target.path, data.iid) });
    } catch {
      setFailure(MOVE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title="Move issue">
      <SearchPicker
        label="Project"
        sections={[{ title: null, items }]}
        selected={target}
        onSelect={(item) => {
          setTarget(item);
          reset();
        }}
        search={search}
        onSearch={onSearch}
        loading={projects.isFetching}
        error={projects.isError ? 'Could not load projects.' : null}
      />
      {failure && <Alert variant="danger">{failure}</Alert>}
      <div className={confirmStyles.confirmButtons}>
        <Button onPress={() => onOpenChange(false)}>Cancel</Button>
        <Button variant="confirm" onPress={() => void move()} isDisabled={!target || busy}>
          Move
        </Button>
      </div>
    </Modal>
  );
}
