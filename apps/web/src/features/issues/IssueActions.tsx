import { useState } from 'react';
import { apiGet, encodeId } from '../../lib/api';
import type { Issue } from '../../lib/types';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import styles from './IssueActions.module.css';
import { useUpdateIssue } from './queries';

interface LinkedIssue {
  iid: number;
  title: string;
  state: string;
  link_type: string;
  references?: { full: string; relative?: string };
}

/** The open issues that block this one (IE §4: closing it asks first). */
async function openBlockers(projectPath: string, iid: number): Promise<LinkedIssue[]> {
  const links = await apiGet<LinkedIssue[]>(`/api/v4/projects/${encodeId(projectPath)}/issues/${iid}/links`);
  return links.filter((l) => l.link_type === 'is_blocked_by' && l.state === 'opened');
}

/**
 * The issue header's actions for a user who may update it (IE §2.1): Edit, and Close issue / Reopen
 * issue. Closing a blocked issue first lists its blockers ('Are you sure you want to close this
 * blocked issue?', Cancel / 'Yes, close issue').
 */
export function IssueActions({
  issue,
  projectPath,
  onEdit,
}: {
  issue: Issue;
  projectPath: string;
  onEdit: () => void;
}) {
  const update = useUpdateIssue(projectPath, issue.iid);
  const [blockers, setBlockers] = useState<LinkedIssue[] | null>(null);
  const [checking, setChecking] = useState(false);
  const open = issue.state === 'opened';
  const busy = update.isPending || checking;

  const setState = (event: 'close' | 'reopen') => update.mutate({ state_event: event });
  const close = async () => {
    setChecking(true);
    try {
      const found = await openBlockers(projectPath, issue.iid);
      if (found.length > 0) setBlockers(found);
      else setState('close');
    } catch {
      setState('close');
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <div className={styles.actions}>
        <Button onPress={onEdit} isDisabled={busy}>
          Edit
        </Button>
        <Button onPress={() => (open ? void close() : setState('reopen'))} isDisabled={busy}>
          {open ? 'Close issue' : 'Reopen issue'}
        </Button>
      </div>
      {update.isError && (
        <Alert variant="danger">
          {`Something went wrong while ${open ? 'closing' : 'reopening'} the issue. Please try again later.`}
        </Alert>
      )}
      <Modal
        isOpen={blockers !== null}
        onOpenChange={(isOpen) => !isOpen && setBlockers(null)}
        title="Are you sure you want to close this blocked issue?"
      >
        <p>This issue is blocked by:</p>
        <ul>
          {(blockers ?? []).map((b) => (
            <li key={b.references?.full ?? b.iid}>
              {b.references?.relative ?? b.references?.full ?? `#${b.iid}`} {b.title}
            </li>
          ))}
        </ul>
        <div className={styles.confirmButtons}>
          <Button onPress={() => setBlockers(null)}>Cancel</Button>
          <Button
            variant="confirm"
            onPress={() => {
              setBlockers(null);
              setState('close');
            }}
          >
            Yes, close issue
          </Button>
        </div>
      </Modal>
    </>
  );
}
