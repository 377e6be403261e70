import { Suspense, useState } from 'react';
import { lazyNamed } from '../../../app/lazyNamed';
import { AppLink } from '../../../lib/AppLink';
import { ApiError } from '../../../lib/api';
import { isPastDue } from '../../../lib/format';
import { appPathFromWebUrl } from '../../../lib/paths';
import type { Issue, LabelRef, UserSummary } from '../../../lib/types';
import { Badge } from '../../../ui/Badge';
import { LabelList } from '../../../ui/LabelBadge';
import { PageSpinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import layout from '../../shared/DetailLayout.module.css';
import { dueDateText } from '../../shared/dueDateText';
import { HEALTH_STATUS } from '../../shared/healthStatus';
import { People, SidebarField } from '../../shared/People';
import { EditableSidebarField } from '../../shared/sidebar/EditableSidebarField';
import { ConfidentialityEditor, HealthEditor } from '../../shared/sidebar/FieldEditors';
import { SidebarEditField } from '../../shared/sidebar/SidebarFields';
import { iterationText, type PickerOption } from '../../shared/sidebar/sidebarOptions';
import type { IssuePermissionFlags } from '../issuePermissions';
import type { IssueChanges } from '../issuesApi';
import { useIssueFieldUpdate } from '../queries';
import { fieldPickers } from './fieldPickers';
import { IssueParticipants } from './IssueParticipants';
import styles from './IssueSidebar.module.css';
import { TimeTrackingField } from './TimeTrackingField';

// An incident's Status and Severity (IE §4) load with the incident only.
const IncidentSidebarFields = lazyNamed(() => import('../../incidents/IncidentSidebarFields'), 'IncidentSidebarFields');
// The create view loads on the first 'Create project label' press.
const LabelCreateForm = lazyNamed(() => import('../../shared/sidebar/LabelCreateForm'), 'LabelCreateForm');

type Field =
  | 'assignees'
  | 'labels'
  | 'milestone'
  | 'iteration'
  | 'epic'
  | 'weight'
  | 'due_date'
  | 'start_date'
  | 'health'
  | 'confidentiality';

/** IE §8's alert for a failed sidebar edit. */
function failureText(field: Field, error: unknown): string {
  if (field === 'iteration') return 'Failed to set iteration on this issue. Please try again.';
  if (field === 'health') return 'Something went wrong while setting issue health status.';
  const detail = error instanceof ApiError || error instanceof Error ? error.message : 'Please try again.';
  return `Error updating issue. ${detail}`;
}

/** The issue's epic, linked when the server sent its address (not while an optimistic choice is saving). */
function EpicLink({ epic }: { epic: NonNullable<Issue['epic']> }) {
  const href = epic.url ? appPathFromWebUrl(epic.url) : null;
  return href ? <AppLink href={href}>{epic.title}</AppLink> : <span>{epic.title}</span>;
}

/** The issue's full reference and a button that copies it (IE §2.1 sidebar: 'Reference copied'). */
function ReferenceWithCopy({ reference }: { reference: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      showToast('Reference copied');
    } catch {
      showToast('Could not copy the reference. Please copy it by hand.');
    }
  };
  return (
    <span className={styles.reference}>
      <code>{reference}</code>
      <button type="button" className={layout.linkButton} aria-label="Copy reference" onClick={() => void copy()}>
        Copy
      </button>
    </span>
  );
}

const labelTitle = (label: LabelRef) => (typeof label === 'string' ? label : label.name);
const none = <span className={layout.none}>None</span>;

/** A one-choice picker's current option: the field's value, if set. */
function currentOption<T extends { id: number }>(
  value: T | null | undefined,
  text: (value: T) => string,
): PickerOption[] {
  return value ? [{ id: String(value.id), text: text(value) }] : [];
}

/** What a one-choice picker applied, as the field's `{ id, title }`; null when it was cleared. */
function appliedRef([id]: string[], [chosen]: PickerOption[]): { id: number; title: string } | null {
  return id && chosen ? { id: Number(id), title: chosen.text } : null;
}

/** GitLab shows 3 assignees; with more, the third becomes '+N more', which shows them all. */
function AssigneeList({ users }: { users: UserSummary[] }) {
  const [all, setAll] = useState(false);
  if (all || users.length <= 3) return <People users={users} empty="None" />;
  return (
    <>
      <People users={users.slice(0, 2)} />
      <button type="button" className={layout.linkButton} onClick={() => setAll(true)}>
        +{users.length - 2} more
      </button>
    </>
  );
}

/**
 * The fields of the issue page's right sidebar (IE §2.1): every planning field editable in place by users the
 * policy lets administer the issue (confidentiality by whoever may update it). Each edit shows at
 * once and is rolled back, with §8's alert, when the server refuses it.
 */
export function IssueSidebar({
  issue,
  projectPath,
  permissions,
}: {
  issue: Issue;
  projectPath: string;
  permissions: IssuePermissionFlags | null;
}) {
  const update = useIssueFieldUpdate(projectPath, issue.iid);
  const [failure, setFailure] = useState<{ field: Field; text: string } | null>(null);
  const plan = permissions?.adminIssue === true;
  const open = issue.state === 'opened';
  const pickers = fieldPickers(projectPath, 'sidebar-options');
  const save = (field: Field, changes: IssueChanges, shown: Partial<Issue>) => {
    setFailure(null);
    update.mutate({ changes, shown }, { onError: (error) => setFailure({ field, text: failureText(field, error) }) });
  };
  const failed = (field: Field) => (failure?.field === field ? failure.text : null);

  const common = (field: Field) => ({ canEdit: plan, failure: failed(field) });
  /** The Start date and Due date editors: a date input; cleared, the date is removed. */
  const dateValue = (field: 'start_date' | 'due_date', removeText: string) => ({
    type: 'date' as const,
    initial: issue[field] ?? '',
    removeText,
    onSave: (text: string) => {
      const date: Pick<Issue & IssueChanges, typeof field> = { [field]: text === '' ? null : text };
      save(field, date, date);
    },
  });

  return (
    <>
      {issue.issue_type === 'incident' && (
        <Suspense fallback={<PageSpinner label="Loading" />}>
          <IncidentSidebarFields
            projectPath={projectPath}
            iid={issue.iid}
            canEdit={permissions?.updateIssue === true}
          />
        </Suspense>
      )}
      <SidebarEditField
        label="Assignees"
        {...common('assignees')}
        picker={pickers.assignees(
          (issue.assignees ?? []).map((u) => ({ id: String(u.id), text: u.name, avatar: u })),
          (ids, chosen) => {
            const users = chosen.flatMap((o) => (o.avatar ? [o.avatar] : []));
            save('assignees', { assignee_ids: ids.map(Number) }, { assignees: users });
          },
        )}
      >
        <AssigneeList users={issue.assignees ?? []} />
      </SidebarEditField>

      <SidebarEditField
        label="Labels"
        {...common('labels')}
        picker={{
          ...pickers.labels(
            issue.labels.map((l): PickerOption => ({ id: labelTitle(l), text: labelTitle(l) })),
            // Shown in the server's order (by title), so the answer does not reorder them.
            (titles) => save('labels', { labels: titles }, { labels: [...titles].sort() }),
          ),
          create: {
            text: 'Create project label',
            render: (done) => (
              <Suspense fallback={<PageSpinner label="Loading" />}>
                <LabelCreateForm container={{ type: 'project', fullPath: projectPath }} onDone={done} />
              </Suspense>
            ),
          },
        }}
      >
        {issue.labels.length > 0 ? <LabelList labels={issue.labels} /> : none}
      </SidebarEditField>

      <SidebarEditField
        label="Milestone"
        {...common('milestone')}
        picker={pickers.milestone(
          currentOption(issue.milestone, (milestone) => milestone.title),
          (ids, options) => {
            const milestone = appliedRef(ids, options);
            save('milestone', { milestone_id: milestone?.id ?? null }, { milestone });
          },
        )}
      >
        {issue.milestone ? issue.milestone.title : none}
      </SidebarEditField>

      <SidebarEditField
        label="Iteration"
        {...common('iteration')}
        picker={pickers.iteration(currentOption(issue.iteration, iterationText), (ids, options) => {
          const iteration = appliedRef(ids, options);
          save('iteration', { iteration_id: iteration?.id ?? null }, { iteration });
        })}
      >
        {issue.iteration ? iterationText(issue.iteration) : none}
      </SidebarEditField>

      <SidebarEditField
        label="Epic"
        {...common('epic')}
        picker={pickers.epic(
          currentOption(issue.epic, (epic) => epic.title),
          (ids, options) => {
            const ref = appliedRef(ids, options);
            const epic = ref ? { ...ref, iid: 0, url: '', group_id: 0 } : null;
            save('epic', { epic_id: epic?.id ?? null }, { epic });
          },
        )}
      >
        {issue.epic ? <EpicLink epic={issue.epic} /> : none}
      </SidebarEditField>

      <SidebarEditField
        label="Weight"
        {...common('weight')}
        value={{
          type: 'number',
          initial: issue.weight == null ? '' : String(issue.weight),
          removeText: 'Remove weight',
          onSave: (text) => {
            const weight = text === '' ? null : Number(text);
            save('weight', { weight }, { weight });
          },
        }}
      >
        {issue.weight ?? none}
      </SidebarEditField>

      <SidebarEditField
        label="Start date"
        {...common('start_date')}
        value={dateValue('start_date', 'Remove start date')}
      >
        {issue.start_date ? dueDateText(issue.start_date) : none}
      </SidebarEditField>

      <SidebarEditField label="Due date" {...common('due_date')} value={dateValue('due_date', 'Remove due date')}>
        {issue.due_date ? (
          <span className={open && isPastDue(issue.due_date) ? layout.pastDue : undefined}>
            {dueDateText(issue.due_date)}
            {open && isPastDue(issue.due_date) ? ' (past due)' : ''}
          </span>
        ) : (
          none
        )}
      </SidebarEditField>

      <EditableSidebarField
        label="Health status"
        canEdit={plan}
        failure={failed('health')}
        editor={(close) => (
          <HealthEditor
            initial={issue.health_status ?? null}
            onSave={(health) => {
              close();
              save('health', { health_status: health }, { health_status: health });
            }}
          />
        )}
      >
        {issue.health_status ? (
          <Badge variant={HEALTH_STATUS[issue.health_status].variant}>{HEALTH_STATUS[issue.health_status].text}</Badge>
        ) : (
          none
        )}
      </EditableSidebarField>

      <EditableSidebarField
        label="Confidentiality"
        canEdit={permissions?.updateIssue === true}
        failure={failed('confidentiality')}
        editor={(close) => (
          <ConfidentialityEditor
            confidential={issue.confidential === true}
            onCancel={close}
            onConfirm={(confidential) => {
              close();
              save('confidentiality', { confidential }, { confidential });
            }}
          />
        )}
      >
        {issue.confidential ? 'This issue is confidential' : 'Not confidential'}
      </EditableSidebarField>

      <TimeTrackingField projectPath={projectPath} iid={issue.iid} stats={issue.time_stats} canEdit={plan} />

      <IssueParticipants projectPath={projectPath} iid={issue.iid} />

      <SidebarField label="Reference">
        <ReferenceWithCopy reference={issue.references?.full ?? `${projectPath}#${issue.iid}`} />
      </SidebarField>
    </>
  );
}
