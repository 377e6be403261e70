import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiPath, encodeId, request } from '../../../lib/api';
import type { Issue, TimeStats } from '../../../lib/types';
import { buttonClassName } from '../../../ui/buttonClassName';
import { PickerForm } from '../../shared/sidebar/PickerForm';
import styles from '../../shared/sidebar/Sidebar.module.css';
import { SidebarInput } from '../../shared/sidebar/SidebarInput';
import { issueKeys } from '../queries';

type TimeCall = 'time_estimate' | 'reset_time_estimate' | 'add_spent_time';

/** GitLab's time-tracking calls (the same service as `/estimate` and `/spend`); they answer the new stats. */
function useTimeTracking(projectPath: string, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ call, body }: { call: TimeCall; body?: Record<string, string> }) =>
      (
        await request<TimeStats>(apiPath(`/projects/${encodeId(projectPath)}/issues/${iid}/${call}`), {
          method: 'POST',
          body: body ?? {},
        })
      ).data,
    onSuccess: (stats) => {
      queryClient.setQueryData<Issue>(issueKeys.detail(projectPath, iid), (issue) =>
        issue ? { ...issue, time_stats: stats } : issue,
      );
      void queryClient.invalidateQueries({ queryKey: issueKeys.notes(projectPath, iid) });
    },
  });
}

function DurationForm({
  label,
  placeholder,
  submitText,
  withSummary,
  onSubmit,
}: {
  label: string;
  placeholder: string;
  submitText: string;
  withSummary?: boolean;
  onSubmit: (duration: string, summary: string) => void;
}) {
  const [duration, setDuration] = useState('');
  const [summary, setSummary] = useState('');
  return (
    <PickerForm
      label={label}
      onSubmit={() => {
        if (duration.trim()) onSubmit(duration.trim(), summary.trim());
      }}
    >
      <SidebarInput label={label} placeholder={placeholder} value={duration} maxLength={64} onChange={setDuration} />
      {withSummary && (
        <SidebarInput
          label="Summary"
          placeholder="Summary (optional)"
          value={summary}
          maxLength={255}
          onChange={setSummary}
        />
      )}
      <button type="submit" className={buttonClassName('confirm', 'small')} disabled={!duration.trim()}>
        {submitText}
      </button>
    </PickerForm>
  );
}

/** The estimate and time-spent forms, loaded on the first Edit of the time tracking field. */
export function TimeTrackingEditor({
  projectPath,
  iid,
  estimate,
  close,
  onFailure,
}: {
  projectPath: string;
  iid: number;
  estimate: number;
  close: () => void;
  onFailure: (message: string | null) => void;
}) {
  const time = useTimeTracking(projectPath, iid);
  const run = (call: TimeCall, body?: Record<string, string>) => {
    onFailure(null);
    time.mutate(
      { call, body },
      { onSuccess: close, onError: (error) => onFailure(`Error updating issue. ${error.message}`) },
    );
  };
  return (
    <div className={styles.picker}>
      <DurationForm
        label="Set estimate"
        placeholder="e.g. 3h 30m"
        submitText="Set estimate"
        onSubmit={(duration) => run('time_estimate', { duration })}
      />
      {estimate > 0 && (
        <button
          type="button"
          className={buttonClassName('default', 'small')}
          onClick={() => run('reset_time_estimate')}
        >
          Remove estimate
        </button>
      )}
      <DurationForm
        label="Add time spent"
        placeholder="e.g. 1h 15m"
        submitText="Add time spent"
        withSummary
        onSubmit={(duration, summary) => run('add_spent_time', summary ? { duration, summary } : { duration })}
      />
    </div>
  );
}
