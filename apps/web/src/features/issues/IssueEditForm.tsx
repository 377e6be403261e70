import { useId, useState } from 'react';
import type { Issue } from '../../lib/types';
import { LEAVE_PAGE_TEXT, TitleDescriptionForm } from '../shared/edit/TitleDescriptionForm';
import { LabelledField } from '../shared/LabelledField';
import { TemplatePicker } from '../templates/TemplatePicker';
import styles from './IssueEditForm.module.css';
import { issueDraftKey } from './issueDraft';
import type { IssueType } from './issuesApi';
import { useIssue, useIssuePermissions, useUpdateIssue } from './queries';

/** IE §5: what the form says when the server refuses a stale lock_version (409). */
export const EDIT_CONFLICT_TEXT =
  "Someone edited the issue at the same time you did. Review the issue and make sure you don't unintentionally overwrite their changes.";

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
 * IE §2.2: edit the title, type and description in place, a template at hand: the shared
 * title-and-description form (drafts, lock_version conflicts) with the issue's own fields.
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
  const savedType = isIssueType(issue.issue_type) ? issue.issue_type : null;
  const [issueType, setIssueType] = useState(savedType);
  const typeChanged = issueType !== savedType;
  const permissions = useIssuePermissions(projectPath, issue.iid);
  const update = useUpdateIssue(projectPath, issue.iid);
  const latest = useIssue(projectPath, issue.iid);
  return (
    <TitleDescriptionForm
      item={issue}
      draftKey={issueDraftKey(projectPath, issue.iid)}
      latest={latest}
      save={update}
      texts={{ conflict: EDIT_CONFLICT_TEXT, leavePage: LEAVE_PAGE_TEXT }}
      editor={{
        projectPath,
        containerKind: 'project',
        quickActionsTarget: { issueIid: issue.iid },
        confidential: issue.confidential === true,
      }}
      extra={{ changes: typeChanged && issueType ? { issue_type: issueType } : {}, dirty: typeChanged }}
      fields={(description) => (
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
            kind="issues"
            description={description.value}
            onLoad={description.set}
          />
        </div>
      )}
      onClose={onClose}
    />
  );
}
