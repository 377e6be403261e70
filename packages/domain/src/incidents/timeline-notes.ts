/** What an incident's automatic timeline events are written from: its fields before and after a write. */
export interface IncidentTimelineFacts {
  issue_type?: string;
  state: string;
  severity?: string;
  escalation_status?: string;
}

/** An event GitLab writes on an incident's timeline by itself: its action (the icon) and its Markdown. */
export interface AutomaticTimelineNote {
  action: 'issues' | 'status' | 'severity';
  note: string;
}

const capitalized = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/**
 * The timeline events a create (`before` null) or update of an incident writes, as GitLab's
 * IncidentManagement::TimelineEvents::CreateService does: created, reopened, a new escalation status,
 * a new severity, resolved (closed), in that order. None for other issue types.
 */
export function automaticTimelineNotes(
  username: string,
  before: IncidentTimelineFacts | null,
  after: IncidentTimelineFacts,
): AutomaticTimelineNote[] {
  if (after.issue_type !== 'incident') return [];
  const by = `@${username}`;
  const notes: AutomaticTimelineNote[] = [];
  if (before === null) notes.push({ action: 'issues', note: `${by} created the incident` });
  else if (before.state === 'closed' && after.state === 'opened')
    notes.push({ action: 'issues', note: `${by} reopened the incident` });
  if (before && after.escalation_status && before.escalation_status !== after.escalation_status) {
    notes.push({
      action: 'status',
      note: `${by} changed the incident status to **${capitalized(after.escalation_status)}**`,
    });
  }
  if (before && after.severity && before.severity !== after.severity) {
    notes.push({
      action: 'severity',
      note: `${by} changed the incident severity to **${capitalized(after.severity)}**`,
    });
  }
  if (before && before.state !== 'closed' && after.state === 'closed')
    notes.push({ action: 'status', note: `${by} resolved the incident` });
  return notes;
}
