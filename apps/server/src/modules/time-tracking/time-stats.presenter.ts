import { formatDuration } from '@meridian/domain';

/** GitLab's `time_stats`: seconds and their short human form (`1d 2h`, null when none). */
export function presentTimeStats(timeEstimate: number, totalTimeSpent: number) {
  return {
    time_estimate: timeEstimate,
    total_time_spent: totalTimeSpent,
    human_time_estimate: formatDuration(timeEstimate),
    human_total_time_spent: formatDuration(totalTimeSpent),
  };
}
