import { useBlocker } from '@tanstack/react-router';
import { type KeyboardEvent, Suspense, useEffect, useId, useState } from 'react';
import { lazyNamed } from '../../app/lazyNamed';
import { ApiError } from '../../lib/api';
import type { Issue } from '../../lib/types';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { LabelledField } from '../shared/LabelledField';
import { MarkdownEditor } from '../shared/MarkdownEditor';
import { useSecretGuard } from '../shared/useSecretGuard';
import styles from './IssueEditForm.module.css';
import { clearIssueDraft, readIssueDraft, writeIssueDraft } from './issueDraft';
import type { IssueType } from './issuesApi';
import { useIssue, useIssuePermissions, useUpdateIssue } from './queries';
import { TemplatePicker } from './TemplatePicker';

// The diff library loads with the first conflict, not with the form.
const ConflictReview = lazyNamed(() => import('./conflict/ConflictReview'), 'ConflictReview');

/** IE §5: what the form says when the server refuses a stale lock_version (409). */
export const EDIT_CONFLICT_TEXT =
  "Someone edited the issue at the same time you did. Review the issue and make sure you don't unintentionally overwrite their changes.";

/** IE §5: what the form says when the stored draft was written against an older version. */
export const STALE_DRAFT_TEXT =
  'The comment you are editing has been changed by another user. Would you like to keep your changes and overwrite the new description or discard your changes?';

export const LEAVE_PAGE_TEXT = 'Are you sure you want to lose your issue information?';

/** IE §2.2: the type field is for issues and incidents only (a task keeps its type). */
const isIssueType = (type: string | undefined): type is IssueType => type === 'issue' || type === 'incident';

/**
 * IE §2.2: the type dropdown. Incident is offered to who may create incidents, or when the issue
 * already is one (so its editors can keep it, or make it an issue).
 */
function IssueTypeField({
  id,
  value,
  offerIncident,
  onChange,
}: {
  id: string;
  value: IssueType;
  offerIncident: boolean;
  onChange: (type: IssueType) => void;
}) {
  return (
    <LabelledField htmlFor={id} label="Issue Type">
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value as IssueType)}
      >
        <option value="issue">Issue</option>
        {offerIncident && <option value="incident">Incident</option>}
      </select>
    </LabelledField>
  );
}

/**
 * IE §2.2: edit the title, type and description in place, a template at hand. Save changes is
 * disabled while the title is blank or a save is running; Ctrl/Cmd+Enter saves. The save carries the
 * lock_version the form was opened with: when someone saved in between, the server answers 409 and
 * the form shows their version beside yours (a side-by-side diff) before you choose to overwrite it
 * or keep editing. What is typed is autosaved in localStorage with the lock_version: reopening the
 * form restores it, or asks Keep / Discard when the issue changed since; leaving the page with
 * unsaved edits asks first.
 */
export function IssueEditForm({
  issue,
  projectPath,
  onClose,
}: {
  issue: Issue;
  projectPath: string;
  onClose: () => void;
}) {
  const ids = useId();
  const saved = { title: issue.title, description: issue.description ?? '' };
  const [draft] = useState(() => {
    const stored = readIssueDraft(projectPath, issue.iid);
    const differs = stored && (stored.value.title !== saved.title || stored.value.description !== saved.description);
    return differs ? stored : null;
  });
  const [askAboutDraft, setAskAboutDraft] = useState(
    draft !== null && draft.lockVersion !== (issue.lock_version ?? null),
  );
  const restored = draft && !askAboutDraft ? draft.value : saved;
  const [title, setTitle] = useState(restored.title);
  const [description, setDescription] = useState(restored.description);
  const [lockVersion, setLockVersion] = useState(issue.lock_version);
  const savedType = isIssueType(issue.issue_type) ? issue.issue_type : null;
  const [issueType, setIssueType] = useState(savedType);
  const typeChanged = issueType !== savedType;
  const dirty = title !== saved.title || description !== saved.description || typeChanged;
  const permissions = useIssuePermissions(projectPath, issue.iid);

  useEffect(() => {
    if (askAboutDraft) return;
    if (dirty) writeIssueDraft(projectPath, issue.iid, { title, description }, lockVersion);
    else clearIssueDraft(projectPath, issue.iid);
  }, [askAboutDraft, dirty, title, description, lockVersion, projectPath, issue.iid]);
  useBlocker({
    shouldBlockFn: () => dirty && !window.confirm(LEAVE_PAGE_TEXT),
    enableBeforeUnload: () => dirty,
  });
  const keepDraft = () => {
    if (draft) {
      setTitle(draft.value.title);
      setDescription(draft.value.description);
    }
    setAskAboutDraft(false);
  };
  const discardDraft = () => {
    clearIssueDraft(projectPath, issue.iid);
    setAskAboutDraft(false);
  };
  const finish = () => {
    clearIssueDraft(projectPath, issue.iid);
    onClose();
  };
  const update = useUpdateIssue(projectPath, issue.iid);
  const latest = useIssue(projectPath, issue.iid);
  const conflict = update.error instanceof ApiError && update.error.status === 409;
  // The server copy this form edits over; the page's polling refreshes `latest` while the form is open.
  const [base, setBase] = useState(saved);
  const fresh = latest.data;
  // IE §5: someone changed the title or description while this form is open — warn before a Save fails.
  const editedMeanwhile =
    !conflict && fresh !== undefined && (fresh.title !== base.title || (fresh.description ?? '') !== base.description);
  // Their version: after a 409 once it is fetched (until then the cache holds the one this form opened with).
  const theirs = conflict ? (latest.isFetching ? undefined : latest.data) : editedMeanwhile ? fresh : undefined;
  const canSave = title.trim() !== '' && !update.isPending;
  const changes = (lock_version: number | undefined) => ({
    title: title.trim(),
    description,
    lock_version,
    ...(typeChanged && issueType ? { issue_type: issueType } : {}),
  });

  const secretGuard = useSecretGuard('description');
  const save = () => {
    if (!canSave) return;
    secretGuard.guard(`${title}\n${description}`, () =>
      update.mutate(changes(lockVersion), {
        onSuccess: finish,
        // Someone saved in between: fetch their version to show beside this one.
        onError: (error) => error instanceof ApiError && error.status === 409 && void latest.refetch(),
      }),
    );
  };
  const overwrite = () => {
    if (!theirs) return;
    setLockVersion(theirs.lock_version);
    update.mutate(changes(theirs.lock_version), { onSuccess: finish });
  };
  // Reviewed: the next Save goes over their version, with whatever was taken from it.
  const keepEditing = () => {
    if (!theirs) return;
    setLockVersion(theirs.lock_version);
    setBase({ title: theirs.title, description: theirs.description ?? '' });
    update.reset();
  };
  const saveOnModEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      save();
    }
  };

  return (
    <form
      className={styles.form}
      aria-label="Edit title and description"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      {askAboutDraft && (
        <Alert
          variant="warning"
          title={STALE_DRAFT_TEXT}
          action={
            <span className={styles.buttons}>
              <Button size="small" onPress={discardDraft}>
                Discard
              </Button>
              <Button variant="confirm" size="small" onPress={keepDraft}>
                Keep
              </Button>
            </span>
          }
        />
      )}
      {(conflict || editedMeanwhile) && (
        <Alert
          variant="warning"
          title={EDIT_CONFLICT_TEXT}
          action={
            <span className={styles.buttons}>
              <Button size="small" onPress={keepEditing} isDisabled={!theirs || update.isPending}>
                Keep editing
              </Button>
              <Button variant="danger" size="small" onPress={overwrite} isDisabled={!theirs || update.isPending}>
                Overwrite their changes
              </Button>
            </span>
          }
        />
      )}
      {(conflict || editedMeanwhile) && theirs && (
        <Suspense fallback={<Spinner label="Loading their changes" />}>
          <ConflictReview
            theirs={{ title: theirs.title, description: theirs.description ?? '' }}
            yours={{ title: title.trim(), description }}
          />
        </Suspense>
      )}
      {update.error && !conflict && <Alert variant="danger">{update.error.message}</Alert>}
      <label className={styles.label} htmlFor={`${ids}-title`}>
        Title
      </label>
      <input
        id={`${ids}-title`}
        className={styles.titleInput}
        value={title}
        maxLength={255}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={saveOnModEnter}
        // biome-ignore lint/a11y/noAutofocus: the form opens on the user's Edit action, at the title
        autoFocus
      />
      <div className={styles.fields}>
        {issueType && (
          <IssueTypeField
            id={`${ids}-type`}
            value={issueType}
            offerIncident={permissions.data?.createIncident === true || savedType === 'incident'}
            onChange={setIssueType}
          />
        )}
        <TemplatePicker
          className={styles.templates}
          projectPath={projectPath}
          description={description}
          onLoad={setDescription}
        />
      </div>
      <span className={styles.label} id={`${ids}-description-label`}>
        Description
      </span>
      <MarkdownEditor
        labelId={`${ids}-description-label`}
        value={description}
        onChange={setDescription}
        onSubmit={save}
        projectPath={projectPath}
        quickActionsTarget={{ issueIid: issue.iid }}
        confidential={issue.confidential === true}
      />
      <div className={styles.buttons}>
        <Button type="submit" variant="confirm" isDisabled={!canSave}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
        <Button onPress={() => (!dirty || window.confirm(LEAVE_PAGE_TEXT)) && finish()} isDisabled={update.isPending}>
          Cancel
        </Button>
      </div>
      {secretGuard.dialog}
    </form>
  );
}
