import { isDraftTitle } from '@meridian/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { urls } from '../../lib/paths';
import { useProject } from '../../lib/queries';
import { useLocationInfo } from '../../lib/useLocationSearch';
import { Alert } from '../../ui/Alert';
import styles from '../../ui/Form.module.css';
import { LabelledInput } from '../shared/LabelledField';
import { NewItemActions, NewItemTitleField } from '../shared/NewItemFields';
import { NewItemFrame } from '../shared/NewItemFrame';
import { useGuardedCreate } from '../shared/useSecretGuard';
import { TemplatedDescription } from '../templates/TemplatedDescription';
import { NewMergeRequestFields } from './NewMergeRequestFields';
import pageStyles from './NewMergeRequestPage.module.css';
import { type NewMergeRequestValues, newMergeRequestBody, titleWithDraft } from './newMergeRequest';
import { createMergeRequest } from './newMergeRequestApi';
import { mergeRequestKeys } from './queries';
import { useCanCreateMergeRequest } from './useCanCreateMergeRequest';

/** The server's refusal, and the branch field it names (a 400 on `source_branch` or `target_branch`). */
interface Failure {
  message: string;
  field?: string;
}

const failureOf = (error: unknown): Failure =>
  error instanceof ApiError
    ? { message: error.message, field: error.field }
    : { message: error instanceof Error ? error.message : 'Something went wrong while creating the merge request.' };

function BranchField({
  id,
  label,
  value,
  onChange,
  errorId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (branch: string) => void;
  /** The alert's id, when the server refused this branch. */
  errorId?: string;
}) {
  return (
    <LabelledInput
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      maxLength={255}
      required
      autoComplete="off"
      spellCheck={false}
      aria-invalid={errorId !== undefined}
      aria-describedby={errorId}
    />
  );
}

/**
 * The new merge request form. Meridian keeps no repository, so the branches are typed (GitLab's
 * `merge_request[source_branch]` and `merge_request[target_branch]` prefill them; the target starts as
 * the project's default branch). The description may start from the project's "Default" template.
 */
function NewMergeRequestForm({ projectPath, headingId }: { projectPath: string; headingId: string }) {
  const ids = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const search = useLocationInfo().params;
  const project = useProject(projectPath);
  const [values, setValues] = useState<NewMergeRequestValues>(() => ({
    sourceBranch: search.get('merge_request[source_branch]') ?? '',
    targetBranch: search.get('merge_request[target_branch]') ?? '',
    title: search.get('merge_request[title]') ?? '',
    assignees: [],
    reviewers: [],
    milestone: null,
    labels: [],
  }));
  const [description, setDescription] = useState(search.get('merge_request[description]') ?? '');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  // The refusal shows above the form, out of sight of the Create button: bring it into view.
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: 'center' });
  }, [failure]);
  const change = (changes: Partial<NewMergeRequestValues>) => setValues((current) => ({ ...current, ...changes }));
  // Until the user types a target, it is the project's default branch.
  const targetBranch = values.targetBranch || project.data?.default_branch || '';
  const complete = values.title.trim() !== '' && values.sourceBranch.trim() !== '' && targetBranch.trim() !== '';

  const submit = async () => {
    if (pending || !complete) return;
    setPending(true);
    setFailure(null);
    try {
      const mr = await createMergeRequest(projectPath, newMergeRequestBody({ ...values, targetBranch }, description));
      void queryClient.invalidateQueries({ queryKey: mergeRequestKeys.lists() });
      await router.navigate({ href: urls.mergeRequest(projectPath, mr.iid) });
    } catch (error) {
      setFailure(failureOf(error));
      setPending(false);
    }
  };
  const { create, onSubmit, dialog } = useGuardedCreate(!pending && complete, values.title, description, submit);

  return (
    // The pickers hold forms of their own, so they sit beside the main form; Create submits it by its id.
    <div className={styles.form}>
      <form id={`${ids}-form`} className={pageStyles.main} onSubmit={onSubmit} aria-labelledby={headingId}>
        {failure && (
          <div ref={failureRef} id={`${ids}-failure`}>
            <Alert variant="danger" title="The merge request could not be created.">
              {failure.message}
            </Alert>
          </div>
        )}
        <div className={pageStyles.branches}>
          <BranchField
            id={`${ids}-source`}
            label="Source branch"
            value={values.sourceBranch}
            onChange={(sourceBranch) => change({ sourceBranch })}
            errorId={failure?.field === 'source_branch' ? `${ids}-failure` : undefined}
          />
          <BranchField
            id={`${ids}-target`}
            label="Target branch"
            value={targetBranch}
            onChange={(branch) => change({ targetBranch: branch })}
            errorId={failure?.field === 'target_branch' ? `${ids}-failure` : undefined}
          />
        </div>
        <NewItemTitleField id={ids} value={values.title} onChange={(title) => change({ title })} />
        <div className={pageStyles.draft}>
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              checked={isDraftTitle(values.title)}
              aria-describedby={`${ids}-draft-hint`}
              onChange={(event) => change({ title: titleWithDraft(values.title, event.target.checked) })}
            />
            <span>Mark as draft</span>
          </label>
          <p id={`${ids}-draft-hint`} className={styles.hint}>
            Drafts cannot be merged until marked ready.
          </p>
        </div>
        <TemplatedDescription
          kind="merge_requests"
          startWithDefault
          labelId={`${ids}-description`}
          value={description}
          onChange={setDescription}
          onSubmit={create}
          projectPath={projectPath}
        />
      </form>
      <NewMergeRequestFields projectPath={projectPath} values={values} onChange={change} />
      <NewItemActions
        form={`${ids}-form`}
        disabled={pending || !complete}
        label={pending ? 'Creating merge request…' : 'Create merge request'}
        cancelHref={urls.projectPage(projectPath, 'merge_requests')}
      />
      {dialog}
    </div>
  );
}

/** `/:project/-/merge_requests/new` ("New merge request" on the project's merge request list). */
export function NewMergeRequestPage({ projectPath }: { projectPath: string }) {
  const allowed = useCanCreateMergeRequest(projectPath);
  return (
    <NewItemFrame
      owner={{ kind: 'project', fullPath: projectPath, list: 'merge_requests' }}
      title="New merge request"
      allowed={allowed}
    >
      {(headingId) => <NewMergeRequestForm projectPath={projectPath} headingId={headingId} />}
    </NewItemFrame>
  );
}
