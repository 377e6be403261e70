import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { urls } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import styles from '../../ui/Form.module.css';
import { issueKeys } from '../issues/queries';
import { LabelledField, LabelledInput } from '../shared/LabelledField';
import { NewItemActions, NewItemConfidentialBox, NewItemTitleField, NewItemTypeField } from '../shared/NewItemFields';
import { NewItemFrame } from '../shared/NewItemFrame';
import { useGuardedCreate } from '../shared/useSecretGuard';
import { newWorkItemPlaceholder } from './newWorkItemPlaceholder';
import { createWorkItem, type NewTypeName, PARENT_TYPE, PROJECT_TYPES } from './workItemsApi';

type Namespace = { kind: 'group' | 'project'; fullPath: string };

/** A `#12` or `12` reference to a work item of the same project; null when blank, NaN when not one. */
function parentIidOf(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const match = /^#?(\d{1,10})$/.exec(trimmed);
  return match ? Number(match[1]) : Number.NaN;
}

function NewWorkItemForm({ namespace, headingId }: { namespace: Namespace; headingId: string }) {
  const ids = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const session = useSession();
  // IE §2.8: the screen starts from a client-built placeholder (new-item reference, …/work_items/new).
  const placeholder = useMemo(
    () =>
      newWorkItemPlaceholder(
        namespace,
        session.user ? { username: session.user.username, name: session.user.name } : null,
      ),
    [namespace, session.user],
  );
  const types: readonly NewTypeName[] = namespace.kind === 'group' ? ['Epic'] : PROJECT_TYPES;
  const [type, setType] = useState<NewTypeName>(types[0] as NewTypeName);
  const [title, setTitle] = useState(placeholder.title);
  const [description, setDescription] = useState(placeholder.description);
  const [confidential, setConfidential] = useState<boolean>(placeholder.confidential);
  const [parent, setParent] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const parentLabel = PARENT_TYPE[type];
  const parentIid = parentLabel ? parentIidOf(parent) : null;
  const parentInvalid = parentIid !== null && Number.isNaN(parentIid);

  const submit = async () => {
    if (pending || !title.trim() || parentInvalid) return;
    setPending(true);
    setFailure(null);
    try {
      const webPath = await createWorkItem({
        namespace,
        type,
        title: title.trim(),
        description,
        confidential,
        parentIid,
      });
      void queryClient.invalidateQueries({ queryKey: issueKeys.all });
      await router.navigate({ href: webPath });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Something went wrong while creating the work item.');
      setPending(false);
    }
  };
  const { onSubmit, dialog } = useGuardedCreate(!pending && !!title.trim(), title, description, submit);
  const cancelHref =
    namespace.kind === 'group'
      ? urls.groupPage(namespace.fullPath, 'epics')
      : urls.projectPage(namespace.fullPath, 'issues');

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-labelledby={headingId} data-work-item-iid={placeholder.iid}>
      {failure && (
        <Alert variant="danger" title="The work item could not be created.">
          {failure}
        </Alert>
      )}
      <NewItemTypeField
        id={ids}
        value={type}
        types={types.map((name) => ({ value: name, label: name }))}
        onChange={setType}
      />
      <NewItemTitleField id={ids} value={title} onChange={setTitle} />
      <LabelledField htmlFor={`${ids}-description`} label="Description">
        <textarea
          id={`${ids}-description`}
          className={styles.input}
          rows={6}
          maxLength={1_048_576}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </LabelledField>
      {parentLabel && (
        <LabelledInput
          id={`${ids}-parent`}
          label={
            <>
              Parent <span className={styles.optional}>({parentLabel}, for example #12; optional)</span>
            </>
          }
          value={parent}
          onChange={setParent}
          maxLength={12}
          autoComplete="off"
          aria-invalid={parentInvalid}
          aria-describedby={parentInvalid ? `${ids}-parent-error` : undefined}
        >
          {parentInvalid && (
            <span id={`${ids}-parent-error`} role="alert">
              Enter the parent's reference, like #12.
            </span>
          )}
        </LabelledInput>
      )}
      <NewItemConfidentialBox noun="work item" checked={confidential} onChange={setConfidential} />
      <NewItemActions
        disabled={pending || !title.trim() || parentInvalid}
        label={pending ? 'Creating…' : `Create ${type.toLowerCase()}`}
        cancelHref={cancelHref}
      />
      {dialog}
    </form>
  );
}

/** `/:project/-/work_items/new` and `/groups/:group/-/work_items/new`. */
export function NewWorkItemPage({ kind, fullPath }: Namespace) {
  const namespace = useMemo(() => ({ kind, fullPath }), [kind, fullPath]);
  const owner =
    kind === 'group' ? ({ kind, fullPath, list: 'epics' } as const) : ({ kind, fullPath, list: 'issues' } as const);
  return (
    <NewItemFrame owner={owner} title="New work item">
      {(headingId) => <NewWorkItemForm namespace={namespace} headingId={headingId} />}
    </NewItemFrame>
  );
}
