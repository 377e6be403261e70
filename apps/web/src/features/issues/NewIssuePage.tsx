import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { AppLink } from '../../lib/AppLink';
import { urls } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useLocationInfo } from '../../lib/useLocationSearch';
import { Alert } from '../../ui/Alert';
import { buttonClassName } from '../../ui/buttonClassName';
import styles from '../../ui/Form.module.css';
import { LabelledField } from '../shared/LabelledField';
import { MarkdownEditor } from '../shared/MarkdownEditor';
import { NewItemFrame } from '../shared/NewItemFrame';
import { useSecretGuard } from '../shared/useSecretGuard';
import { createIssue, type NewIssue, relateIssues } from './issuesApi';
import pageStyles from './NewIssuePage.module.css';
import { NewIssuePlanningFields, NO_PLANNING, type PlanningValues, planningBody } from './NewIssuePlanningFields';
import { issueKeys } from './queries';
import { TemplatePicker } from './TemplatePicker';

/** The new issue's description preview explains its quick actions. */
const NEW_ISSUE = { issueIid: null };

/**
 * The new issue form. GitLab's prefill parameters work: `issue[title]`, `issue[description]`,
 * `issue[confidential]`, and `add_related_issue` (the iid "New related issue" came from).
 */
function NewIssueForm({ projectPath, headingId }: { projectPath: string; headingId: string }) {
  const ids = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const search = useLocationInfo().params;
  const related = Number(search.get('add_related_issue')) || null;
  const [title, setTitle] = useState(search.get('issue[title]') ?? '');
  const [description, setDescription] = useState(search.get('issue[description]') ?? '');
  const [type, setType] = useState<NewIssue['issue_type']>('issue');
  // IE §2.2: Incident is offered to who may create incidents (Reporter and up). GraphQL is a POST:
  // it waits for the session's CSRF token.
  const session = useSession();
  const permissions = useQuery({
    enabled: !session.isLoading && session.user !== null,
    queryKey: [...issueKeys.all, 'new-issue-permissions', projectPath],
    queryFn: async ({ signal }) =>
      (await import('./newIssuePermissionsApi')).fetchNewIssuePermissions(projectPath, signal),
  });
  const [confidential, setConfidential] = useState(search.get('issue[confidential]') === 'true');
  const [planning, setPlanning] = useState<PlanningValues>(NO_PLANNING);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    if (pending || !title.trim()) return;
    setPending(true);
    setFailure(null);
    try {
      const issue = await createIssue(projectPath, {
        title: title.trim(),
        description,
        issue_type: type,
        confidential,
        ...planningBody(planning),
      });
      if (related) await relateIssues(projectPath, issue.iid, related);
      void queryClient.invalidateQueries({ queryKey: issueKeys.lists() });
      await router.navigate({ href: urls.issue(projectPath, issue.iid) });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Something went wrong while creating the issue.');
      setPending(false);
    }
  };
  const secretGuard = useSecretGuard('description');
  // IE §2.6: a title or description that looks like it holds a secret asks before it is saved.
  const create = () => {
    if (!pending && title.trim()) secretGuard.guard(`${title}\n${description}`, () => void submit());
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create();
  };

  return (
    // The planning fields hold forms of their own (pickers, values), so they sit beside the main form,
    // not in it; the Create button submits the main form by its id.
    <div className={styles.form}>
      <form id={`${ids}-form`} className={pageStyles.fields} onSubmit={onSubmit} aria-labelledby={headingId}>
        {failure && (
          <Alert variant="danger" title="The issue could not be created.">
            {failure}
          </Alert>
        )}
        {related && <Alert>{`The new issue will be related to #${related}.`}</Alert>}
        <LabelledField htmlFor={`${ids}-title`} label="Title">
          <input
            id={`${ids}-title`}
            className={styles.input}
            value={title}
            maxLength={255}
            required
            autoComplete="off"
            // biome-ignore lint/a11y/noAutofocus: the page exists to type this title.
            autoFocus
            onChange={(event) => setTitle(event.target.value)}
          />
        </LabelledField>
        <LabelledField htmlFor={`${ids}-type`} label="Type">
          <select
            id={`${ids}-type`}
            className={styles.input}
            value={type}
            onChange={(event) => setType(event.target.value as NewIssue['issue_type'])}
          >
            <option value="issue">Issue</option>
            {permissions.data?.createIncident && <option value="incident">Incident</option>}
          </select>
        </LabelledField>
        <TemplatePicker projectPath={projectPath} description={description} onLoad={setDescription} />
        <div className={styles.field}>
          <span id={`${ids}-description`} className={styles.label}>
            Description
          </span>
          <MarkdownEditor
            labelId={`${ids}-description`}
            value={description}
            onChange={setDescription}
            onSubmit={create}
            projectPath={projectPath}
            confidential={confidential}
            quickActionsTarget={NEW_ISSUE}
          />
        </div>
        <label className={styles.checkbox}>
          <input type="checkbox" checked={confidential} onChange={(event) => setConfidential(event.target.checked)} />
          <span>
            This issue is confidential and should only be visible to team members with at least the Planner role.
          </span>
        </label>
      </form>
      {permissions.data?.adminIssue && (
        <NewIssuePlanningFields projectPath={projectPath} values={planning} onChange={setPlanning} />
      )}
      <div className={styles.actions}>
        <button
          type="submit"
          form={`${ids}-form`}
          className={buttonClassName('confirm')}
          disabled={pending || !title.trim()}
        >
          {pending ? 'Creating issue…' : 'Create issue'}
        </button>
        <AppLink href={urls.projectPage(projectPath, 'issues')} className={buttonClassName('default')}>
          Cancel
        </AppLink>
      </div>
      {secretGuard.dialog}
    </div>
  );
}

/** `/:project/-/issues/new` (the `i` shortcut on project pages, "New issue" on the issue list). */

export function NewIssuePage({ projectPath }: { projectPath: string }) {
  return (
    <NewItemFrame owner={{ kind: 'project', fullPath: projectPath, list: 'issues' }} title="New issue">
      {(headingId) => <NewIssueForm projectPath={projectPath} headingId={headingId} />}
    </NewItemFrame>
  );
}
