import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { urls } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useLocationInfo } from '../../lib/useLocationSearch';
import { Alert } from '../../ui/Alert';
import styles from '../../ui/Form.module.css';
import { GenerateDescription } from '../ai/GenerateDescription';
import { SuggestLabels } from '../ai/SuggestLabels';
import { useIssueAiFeatures } from '../ai/useIssueAiFeatures';
import { NewItemActions, NewItemConfidentialBox, NewItemTitleField, NewItemTypeField } from '../shared/NewItemFields';
import { NewItemFrame } from '../shared/NewItemFrame';
import { useGuardedCreate } from '../shared/useSecretGuard';
import { TemplatedDescription } from '../templates/TemplatedDescription';
import { createIssue, type NewIssue, relateIssues } from './issuesApi';
import pageStyles from './NewIssuePage.module.css';
import { NewIssuePlanningFields, NO_PLANNING, type PlanningValues, planningBody } from './NewIssuePlanningFields';
import { issueKeys } from './queries';

/** The new issue's description preview explains its quick actions. */
const NEW_ISSUE = { issueIid: null };
const ISSUE_TYPE = { value: 'issue', label: 'Issue' } as const;
const INCIDENT_TYPE = { value: 'incident', label: 'Incident' } as const;

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
  const ai = useIssueAiFeatures(projectPath);
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
  const { create, onSubmit, dialog } = useGuardedCreate(!pending && !!title.trim(), title, description, submit);

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
        <NewItemTitleField id={ids} value={title} onChange={setTitle} />
        <NewItemTypeField
          id={ids}
          value={type}
          types={permissions.data?.createIncident ? [ISSUE_TYPE, INCIDENT_TYPE] : [ISSUE_TYPE]}
          onChange={setType}
        />
        {ai.generate_description && (
          <GenerateDescription projectPath={projectPath} title={title} onGenerated={setDescription} />
        )}
        <TemplatedDescription
          kind="issues"
          labelId={`${ids}-description`}
          value={description}
          onChange={setDescription}
          onSubmit={create}
          projectPath={projectPath}
          confidential={confidential}
          quickActionsTarget={NEW_ISSUE}
        />
        <NewItemConfidentialBox noun="issue" checked={confidential} onChange={setConfidential} />
      </form>
      {permissions.data?.adminIssue && (
        <NewIssuePlanningFields
          projectPath={projectPath}
          values={planning}
          onChange={setPlanning}
          labelsHelp={
            ai.suggest_labels && (
              <SuggestLabels
                projectPath={projectPath}
                title={title}
                description={description}
                chosen={planning.labels}
                onAdd={(name) => setPlanning({ ...planning, labels: [...planning.labels, name] })}
              />
            )
          }
        />
      )}
      <NewItemActions
        form={`${ids}-form`}
        disabled={pending || !title.trim()}
        label={pending ? 'Creating issue…' : 'Create issue'}
        cancelHref={urls.projectPage(projectPath, 'issues')}
      />
      {dialog}
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
