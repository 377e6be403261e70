import { describe, expect, it } from 'vitest';
import { automaticTimelineNotes, type IncidentTimelineFacts } from './timeline-notes';

const incident: IncidentTimelineFacts = {
  issue_type: 'incident',
  state: 'opened',
  severity: 'unknown',
  escalation_status: 'triggered',
};

describe('automaticTimelineNotes: the events GitLab writes on an incident timeline by itself', () => {
  it.each<[string, IncidentTimelineFacts | null, IncidentTimelineFacts, string[]]>([
    ['created', null, incident, ['issues: @ann created the incident']],
    ['an issue created', null, { ...incident, issue_type: 'issue' }, []],
    [
      'an issue changed',
      { ...incident, issue_type: 'issue' },
      { ...incident, issue_type: 'issue', severity: 'high' },
      [],
    ],
    ['nothing of note changed', incident, { ...incident }, []],
    [
      'acknowledged',
      incident,
      { ...incident, escalation_status: 'acknowledged' },
      ['status: @ann changed the incident status to **Acknowledged**'],
    ],
    [
      'severity',
      incident,
      { ...incident, severity: 'critical' },
      ['severity: @ann changed the incident severity to **Critical**'],
    ],
    [
      'resolved, which closes it',
      incident,
      { ...incident, state: 'closed', escalation_status: 'resolved' },
      ['status: @ann changed the incident status to **Resolved**', 'status: @ann resolved the incident'],
    ],
    [
      'reopened',
      { ...incident, state: 'closed', escalation_status: 'resolved' },
      { ...incident, escalation_status: 'triggered' },
      ['issues: @ann reopened the incident', 'status: @ann changed the incident status to **Triggered**'],
    ],
    ['an issue turned into an incident', { ...incident, issue_type: 'issue' }, incident, []],
  ])('%s', (_name, before, after, expected) => {
    expect(automaticTimelineNotes('ann', before, after).map((n) => `${n.action}: ${n.note}`)).toEqual(expected);
  });
});
