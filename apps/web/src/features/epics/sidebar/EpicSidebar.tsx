import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import type { Epic } from '../../../lib/types';
import { SidebarField } from '../../shared/People';
import type { EpicPageData } from '../header/epicPageApi';
import { EpicAncestorsWidget } from './EpicAncestorsWidget';
import { EpicColorWidget } from './EpicColorWidget';
import { EpicConfidentialityWidget } from './EpicConfidentialityWidget';
import { type DateEnd, EpicDateWidget, effectiveDate } from './EpicDateWidget';
import { EpicLabelsWidget } from './EpicLabelsWidget';
import { EpicParticipantsWidget } from './EpicParticipantsWidget';
import { EpicSubscriptionWidget } from './EpicSubscriptionWidget';
import { EpicTodoWidget } from './EpicTodoWidget';
import type { EpicChanges } from './epicSidebarApi';
import { useEpicFieldUpdate, useEpicSidebarState } from './queries';

type Field = 'start' | 'due' | 'labels' | 'confidentiality';

/** IE §8's alert for a refused edit, with the server's reason when it gave one (a confidential parent…). */
function failureText(error: unknown): string {
  const reason = error instanceof ApiError && error.status === 400 ? ` ${error.message}` : '';
  return `Unable to update this epic at this time.${reason}`;
}

/**
 * The epic page's right sidebar (IE §2.3): to-do and notifications for signed-in users, the start
 * and due dates, labels, colour, confidentiality, ancestors and participants. Fields are editable
 * only when the page JSON's permissions say the viewer may update the epic.
 */
export function EpicSidebar({ epic, groupPath }: { epic: EpicPageData; groupPath: string }) {
  const { user } = useSession();
  const state = useEpicSidebarState(groupPath, epic.iid);
  const update = useEpicFieldUpdate(groupPath, epic.iid);
  const [failure, setFailure] = useState<{ field: Field; text: string } | null>(null);
  const canEdit = epic.user_permissions.update_epic;
  const save = (field: Field) => (edit: { changes: EpicChanges; shown: Partial<Epic> }) => {
    setFailure(null);
    update.mutate(edit, { onError: (error) => setFailure({ field, text: failureText(error) }) });
  };
  const failed = (field: Field) => (failure?.field === field ? failure.text : null);
  const inherited = (end: DateEnd) =>
    (end === 'start' ? epic.start_date_from_milestones : epic.due_date_from_milestones) ?? null;
  const dateWidget = (end: DateEnd) => (
    <EpicDateWidget
      end={end}
      epic={epic}
      inherited={inherited(end)}
      source={(end === 'start' ? state.data?.startSource : state.data?.dueSource) ?? null}
      bound={
        end === 'start'
          ? effectiveDate(epic, 'due', inherited('due'))
          : effectiveDate(epic, 'start', inherited('start'))
      }
      canEdit={canEdit}
      failure={failed(end)}
      onSave={save(end)}
    />
  );
  return (
    <>
      {user && state.data && (
        <>
          <EpicTodoWidget groupPath={groupPath} iid={epic.iid} todoId={state.data.todoId} />
          <EpicSubscriptionWidget groupPath={groupPath} iid={epic.iid} subscribed={state.data.subscribed} />
        </>
      )}
      {dateWidget('start')}
      {dateWidget('due')}
      <EpicLabelsWidget
        epic={epic}
        groupPath={groupPath}
        canEdit={canEdit}
        canCreateLabel={epic.user_permissions.admin_label}
        failure={failed('labels')}
        onSave={save('labels')}
      />
      <EpicColorWidget epic={epic} groupPath={groupPath} canEdit={canEdit} />
      <EpicConfidentialityWidget
        epic={epic}
        canEdit={canEdit}
        failure={failed('confidentiality')}
        onSave={save('confidentiality')}
      />
      <EpicAncestorsWidget groupPath={groupPath} iid={epic.iid} />
      <EpicParticipantsWidget groupPath={groupPath} iid={epic.iid} />
      <SidebarField label="Reference">
        <code>{epic.references?.full ?? `${groupPath}&${epic.iid}`}</code>
      </SidebarField>
    </>
  );
}
