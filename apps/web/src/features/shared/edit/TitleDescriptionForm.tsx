import { useBlocker } from '@tanstack/react-router';
import { type KeyboardEvent, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { lazyNamed } from '../../../app/lazyNamed';
import { ApiError } from '../../../lib/api';
import { Alert, QuestionAlert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { MarkdownEditor } from '../MarkdownEditor';
import type { QuickActionsTarget } from '../markdownApi';
import { useSecretGuard } from '../useSecretGuard';
import { clearItemDraft, readItemDraft, writeItemDraft } from './itemDraft';
import styles from './TitleDescriptionForm.module.css';

// The diff library loads with the first conflict, not with the form.
const ConflictReview = lazyNamed(() => import('./conflict/ConflictReview'), 'ConflictReview');

/** IE §5: what the form says when the stored draft was written against an older version. */
export const STALE_DRAFT_TEXT =
  'The comment you are editing has been changed by another user. Would you like to keep your changes and overwrite the new description or discard your changes?';

/** IE §5: asked before leaving with unsaved edits (GitLab asks it for epics too). */
export const LEAVE_PAGE_TEXT = 'Are you sure you want to lose your issue information?';

/** What the form edits: an issue or an epic, as its query holds it. */
export interface EditableItem {
  title: string;
  description?: string | null;
  lock_version?: number;
}

/** What a save sends: the text, the lock_version it was edited over, and the caller's own fields. */
export interface TitleDescriptionChanges {
  title: string;
  description: string;
  lock_version: number | undefined;
}

export interface TitleDescriptionFormProps<T extends EditableItem> {
  item: T;
  /** The localStorage key of the item's draft (itemDraftKey). */
  draftKey: string;
  /** The item's query: polled while the form is open, fetched again after a 409. */
  latest: { data: T | undefined; isFetching: boolean; refetch: () => unknown };
  /** Saves the changes (the item's update mutation); a 409 is the lock_version conflict. */
  save: {
    mutate: (
      changes: TitleDescriptionChanges,
      options: { onSuccess: () => void; onError?: (error: Error) => void },
    ) => void;
    isPending: boolean;
    error: Error | null;
    reset: () => void;
  };
  texts: {
    /** IE §5's conflict text, the issue's or the epic's. */
    conflict: string;
    /** Asked before leaving the page (or cancelling) with unsaved edits. */
    leavePage: string;
  };
  /** MarkdownEditor's context props: the project or group its autocomplete and preview use. */
  editor: {
    projectPath: string;
    containerKind: 'project' | 'group';
    quickActionsTarget?: QuickActionsTarget;
    confidential: boolean;
  };
  /** More fields between the title and the description (the type and template picker). */
  fields?: (description: { value: string; set: (value: string) => void }) => ReactNode;
  /** What those fields change: sent with every save, and unsaved work while `dirty`. */
  extra?: { changes: Record<string, unknown>; dirty: boolean };
  onClose: () => void;
}

/**
 * IE §2.2 / §4: edit the title and description in place. Save changes is disabled while the title
 * is blank or a save is running; Ctrl/Cmd+Enter saves. The save carries the lock_version the form
 * was opened with: when someone saved in between, the server answers 409 and the form shows their
 * version beside yours (a side-by-side diff) before you choose to overwrite it or keep editing. What
 * is typed is autosaved in localStorage with the lock_version: reopening the form restores it, or
 * asks Keep / Discard when the item changed since; leaving the page with unsaved edits asks first.
 */
export function TitleDescriptionForm<T extends EditableItem>({
  item,
  draftKey,
  latest,
  save: update,
  texts,
  editor,
  fields,
  extra,
  onClose,
}: TitleDescriptionFormProps<T>) {
  const ids = useId();
  const saved = { title: item.title, description: item.description ?? '' };
  const [draft] = useState(() => {
    const stored = readItemDraft(draftKey);
    const differs = stored && (stored.value.title !== saved.title || stored.value.description !== saved.description);
    return differs ? stored : null;
  });
  const [askAboutDraft, setAskAboutDraft] = useState(
    draft !== null && draft.lockVersion !== (item.lock_version ?? null),
  );
  const restored = draft && !askAboutDraft ? draft.value : saved;
  const [title, setTitle] = useState(restored.title);
  const [description, setDescription] = useState(restored.description);
  const [lockVersion, setLockVersion] = useState(item.lock_version);
  const dirty = title !== saved.title || description !== saved.description || extra?.dirty === true;

  useEffect(() => {
    if (askAboutDraft) return;
    if (dirty) writeItemDraft(draftKey, { title, description }, lockVersion);
    else clearItemDraft(draftKey);
  }, [askAboutDraft, dirty, title, description, lockVersion, draftKey]);
  useBlocker({
    shouldBlockFn: () => dirty && !window.confirm(texts.leavePage),
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
    clearItemDraft(draftKey);
    setAskAboutDraft(false);
  };
  const finish = () => {
    clearItemDraft(draftKey);
    onClose();
  };
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
    ...extra?.changes,
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
        <QuestionAlert question={STALE_DRAFT_TEXT}>
          <Button size="small" onPress={discardDraft}>
            Discard
          </Button>
          <Button variant="confirm" size="small" onPress={keepDraft}>
            Keep
          </Button>
        </QuestionAlert>
      )}
      {(conflict || editedMeanwhile) && (
        <QuestionAlert question={texts.conflict}>
          <Button size="small" onPress={keepEditing} isDisabled={!theirs || update.isPending}>
            Keep editing
          </Button>
          <Button variant="danger" size="small" onPress={overwrite} isDisabled={!theirs || update.isPending}>
            Overwrite their changes
          </Button>
        </QuestionAlert>
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
      {fields?.({ value: description, set: setDescription })}
      <span className={styles.label} id={`${ids}-description-label`}>
        Description
      </span>
      <MarkdownEditor
        labelId={`${ids}-description-label`}
        value={description}
        onChange={setDescription}
        onSubmit={save}
        {...editor}
      />
      <div className={styles.buttons}>
        <Button type="submit" variant="confirm" isDisabled={!canSave}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
        <Button onPress={() => (!dirty || window.confirm(texts.leavePage)) && finish()} isDisabled={update.isPending}>
          Cancel
        </Button>
      </div>
      {secretGuard.dialog}
    </form>
  );
}
