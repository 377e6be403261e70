import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiPath, encodeId, request } from '../../../lib/api';
import type { Issue, TimeStats } from '../../../lib/types';
import { buttonClassName } from '../../../ui/buttonClassName';
import layout from '../../shared/DetailLayout.module.css';
import { issueKeys } from '../queries';
import { EditableSidebarField } from './EditableSidebarField';
import styles from './IssueSidebar.module.css';

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
    <form
      className={styles.picker}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        if (duration.trim()) onSubmit(duration.trim(), summary.trim());
      }}
    >
      <input
        className={styles.search}
        aria-label={label}
        placeholder={placeholder}
        value={duration}
        maxLength={64}
        onChange={(event) => setDuration(event.target.value)}
      />
      {withSummary && (
        <input
          className={styles.search}
          aria-label="Summary"
          placeholder="Summary (optional)"
          value={summary}
          maxLength={255}
          onChange={(event) => setSummary(event.target.value)}
        />
      )}
      <button type="submit" className={buttonClassName('confirm', 'small')} disabled={!duration.trim()}>
        {submitText}
      </button>
    </form>
  );
}

/**
 * Time tracking (IE §2.1): spent and estimated time with a progress bar; users who may plan the issue
 * set or remove the estimate and log time spent, with durations as GitLab reads them ('1w 2d 3h 30m').
 */
export function TimeTrackingField({
  projectPath,
  iid,
  stats,
  canEdit,
}: {
  projectPath: string;
  iid: number;
  stats: TimeStats | undefined;
  canEdit: boolean;
}) {
  const time = useTimeTracking(projectPath, iid);
  const estimate = stats?.time_estimate ?? 0;
  const spent = stats?.total_time_spent ?? 0;
  const run = (close: () => void, call: TimeCall, body?: Record<string, string>) =>
    time.mutate({ call, body }, { onSuccess: close });
  return (
    <EditableSidebarField
      label="Time tracking"
      canEdit={canEdit}
      failure={time.error ? `Error updating issue. ${time.error.message}` : null}
      editor={(close) => (
        <div className={styles.picker}>
          <DurationForm
            label="Set estimate"
            placeholder="e.g. 3h 30m"
            submitText="Set estimate"
            onSubmit={(duration) => run(close, 'time_estimate', { duration })}
          />
          {estimate > 0 && (
            <button
              type="button"
              className={buttonClassName('default', 'small')}
              onClick={() => run(close, 'reset_time_estimate')}
            >
              Remove estimate
            </button>
          )}
          <DurationForm
            label="Add time spent"
            placeholder="e.g. 1h 15m"
            submitText="Add time spent"
            withSummary
            onSubmit={(duration, summary) =>
              run(close, 'add_spent_time', summary ? { duration, summary } : { duration })
            }
          />
        </div>
      )}
    >
      {estimate > 0 || spent > 0 ? (
        <div className={styles.timeTracking}>
          <span>
            Spent {stats?.human_total_time_spent ?? '0h'}
            {stats?.human_time_estimate ? ` / Estimate ${stats.human_time_estimate}` : ''}
          </span>
          {estimate > 0 && (
            <progress
              className={styles.timeProgress}
              max={estimate}
              value={Math.min(spent, estimate)}
              aria-label="Time spent of the estimate"
            />
          )}
        </div>
      ) : (
        <span className={layout.none}>No estimate or time spent</span>
      )}
    </EditableSidebarField>
  );
}
