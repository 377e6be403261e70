import { Suspense } from 'react';
import { lazyNamed } from '../../../app/lazyNamed';
import type { Epic, LabelRef } from '../../../lib/types';
import { LabelList } from '../../../ui/LabelBadge';
import { PageSpinner } from '../../../ui/Spinner';
import layout from '../../shared/DetailLayout.module.css';
import { SidebarEditField } from '../../shared/sidebar/SidebarFields';
import { groupLabelOptions, type PickerOption } from '../../shared/sidebar/sidebarOptions';
import { epicKeys } from '../queries';
import type { EpicChanges } from './epicSidebarApi';

// The create view loads on the first 'Create group label' press.
const LabelCreateForm = lazyNamed(() => import('../../shared/sidebar/LabelCreateForm'), 'LabelCreateForm');

const labelTitle = (label: LabelRef) => (typeof label === 'string' ? label : label.name);

/**
 * The epic's labels (IE §2.3): a multi-select of the labels of its group and the group's ancestors;
 * choosing a scoped label drops the other one of its scope; a new group label may be created inline.
 */
export function EpicLabelsWidget({
  epic,
  groupPath,
  canEdit,
  canCreateLabel,
  failure,
  onSave,
}: {
  epic: Epic;
  groupPath: string;
  canEdit: boolean;
  canCreateLabel: boolean;
  failure: string | null;
  onSave: (save: { changes: EpicChanges; shown: Partial<Epic> }) => void;
}) {
  const current = epic.labels.map((l): PickerOption => {
    const title = labelTitle(l);
    return typeof l === 'string' ? { id: title, text: title } : { id: title, text: title, color: l.color };
  });
  return (
    <SidebarEditField
      label="Labels"
      canEdit={canEdit}
      failure={failure}
      picker={{
        name: 'Select labels',
        queryKey: epicKeys.sidebarOptions(groupPath, 'labels'),
        load: (search, signal) => groupLabelOptions(groupPath, search, signal),
        current,
        multiple: true,
        oneLabelPerScope: true,
        // Shown in the server's order (by title) until its answer replaces them.
        onApply: (titles, chosen) => {
          const byTitle = new Map(chosen.map((o) => [o.id, o]));
          const shown = [...titles].sort().map((title) => {
            const option = byTitle.get(title);
            return { name: title, color: option?.color ?? '#6699cc', text_color: option?.textColor ?? '#FFFFFF' };
          });
          onSave({ changes: { labels: titles }, shown: { labels: shown } });
        },
        ...(canCreateLabel
          ? {
              create: {
                text: 'Create group label',
                render: (done: (created: PickerOption | null) => void) => (
                  <Suspense fallback={<PageSpinner label="Loading" />}>
                    <LabelCreateForm container={{ type: 'group', fullPath: groupPath }} onDone={done} />
                  </Suspense>
                ),
              },
            }
          : {}),
      }}
    >
      {epic.labels.length > 0 ? <LabelList labels={epic.labels} /> : <span className={layout.none}>None</span>}
    </SidebarEditField>
  );
}
