import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';
import { apiPath, encodeId, request } from '../../lib/api';

/*
 * The incident page's calls (IE §4, IE-78): severity and escalation status through GitLab's GraphQL
 * (`issueSetSeverity`, `issueSetEscalationStatus`), metric images through REST. Loaded with the
 * incident's panel only, so a plain issue page carries none of it.
 */

export const INCIDENT_FIELDS = graphql(`
  query incidentFields($fullPath: ID!, $iid: String!) {
    project(fullPath: $fullPath) {
      id
      issue(iid: $iid) { id severity escalationStatus }
    }
  }
`);

export const SET_SEVERITY = graphql(`
  mutation incidentSetSeverity($projectPath: ID!, $iid: String!, $severity: IssuableSeverity!) {
    issueSetSeverity(input: { projectPath: $projectPath, iid: $iid, severity: $severity }) {
      issue { id severity }
      errors
    }
  }
`);

export const SET_ESCALATION_STATUS = graphql(`
  mutation incidentSetEscalationStatus($projectPath: ID!, $iid: String!, $status: IssueEscalationStatus!) {
    issueSetEscalationStatus(input: { projectPath: $projectPath, iid: $iid, status: $status }) {
      issue { id escalationStatus state }
      errors
    }
  }
`);

export type Severity = 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW' | 'UNKNOWN';
export type EscalationStatus = 'TRIGGERED' | 'ACKNOWLEDGED' | 'RESOLVED' | 'IGNORED';

export interface IncidentFields {
  severity: Severity;
  escalationStatus: EscalationStatus;
}

export async function fetchIncidentFields(
  fullPath: string,
  iid: number,
  signal?: AbortSignal,
): Promise<IncidentFields> {
  const data = await graphqlRequest(INCIDENT_FIELDS, { fullPath, iid: String(iid) }, signal);
  const issue = data.project?.issue;
  return {
    severity: (issue?.severity ?? 'UNKNOWN') as Severity,
    escalationStatus: (issue?.escalationStatus ?? 'TRIGGERED') as EscalationStatus,
  };
}

const throwErrors = (errors: readonly string[] | null | undefined) => {
  const list = errors ?? ['No answer'];
  if (list.length > 0) throw new Error(list.join('; '));
};

export async function setSeverity(projectPath: string, iid: number, severity: Severity): Promise<void> {
  const data = await graphqlRequest(SET_SEVERITY, { projectPath, iid: String(iid), severity });
  throwErrors(data.issueSetSeverity?.errors);
}

export async function setEscalationStatus(projectPath: string, iid: number, status: EscalationStatus): Promise<void> {
  const data = await graphqlRequest(SET_ESCALATION_STATUS, { projectPath, iid: String(iid), status });
  throwErrors(data.issueSetEscalationStatus?.errors);
}

/** GitLab's IssuableMetricImage entity. */
export interface MetricImage {
  id: number;
  created_at: string;
  filename: string;
  file_path: string;
  url: string | null;
  url_text: string | null;
}

const imagesPath = (projectPath: string, iid: number) =>
  apiPath(`/projects/${encodeId(projectPath)}/issues/${iid}/metric_images`);

export async function listMetricImages(projectPath: string, iid: number, signal?: AbortSignal) {
  return (await request<MetricImage[]>(imagesPath(projectPath, iid), { signal })).data;
}

export async function uploadMetricImage(
  projectPath: string,
  iid: number,
  input: { file: File; url: string; urlText: string },
): Promise<MetricImage> {
  const form = new FormData();
  form.append('file', input.file);
  if (input.url) form.append('url', input.url);
  if (input.urlText) form.append('url_text', input.urlText);
  return (await request<MetricImage>(imagesPath(projectPath, iid), { method: 'POST', body: form })).data;
}

export async function deleteMetricImage(projectPath: string, iid: number, id: number): Promise<void> {
  await request<unknown>(`${imagesPath(projectPath, iid)}/${id}`, { method: 'DELETE' });
}

export const TIMELINE_EVENTS = graphql(`
  query incidentTimelineEvents($fullPath: ID!, $incidentId: IssueID!) {
    project(fullPath: $fullPath) {
      id
      incidentManagementTimelineEvents(incidentId: $incidentId) {
        nodes { id note noteHtml occurredAt author { id username name } }
      }
    }
  }
`);

export const CREATE_TIMELINE_EVENT = graphql(`
  mutation incidentTimelineEventCreate($incidentId: IssueID!, $note: String!, $occurredAt: Time!) {
    timelineEventCreate(input: { incidentId: $incidentId, note: $note, occurredAt: $occurredAt }) {
      timelineEvent { id }
      errors
    }
  }
`);

export const DESTROY_TIMELINE_EVENT = graphql(`
  mutation incidentTimelineEventDestroy($id: IncidentManagementTimelineEventID!) {
    timelineEventDestroy(input: { id: $id }) {
      timelineEvent { id }
      errors
    }
  }
`);

export interface TimelineEvent {
  id: string;
  note: string;
  noteHtml: string;
  occurredAt: string;
  author: { username: string; name: string } | null;
}

const incidentGid = (issueId: number) => `gid://gitlab/Issue/${issueId}`;

export async function fetchTimelineEvents(
  fullPath: string,
  issueId: number,
  signal?: AbortSignal,
): Promise<TimelineEvent[]> {
  const data = await graphqlRequest(TIMELINE_EVENTS, { fullPath, incidentId: incidentGid(issueId) }, signal);
  const nodes = data.project?.incidentManagementTimelineEvents?.nodes ?? [];
  return nodes.flatMap((n) =>
    n?.id
      ? [
          {
            id: n.id,
            note: n.note ?? '',
            noteHtml: n.noteHtml ?? '',
            occurredAt: String(n.occurredAt ?? ''),
            author: n.author ? { username: n.author.username ?? '', name: n.author.name ?? '' } : null,
          },
        ]
      : [],
  );
}

export async function createTimelineEvent(issueId: number, note: string, occurredAt: string): Promise<void> {
  const data = await graphqlRequest(CREATE_TIMELINE_EVENT, { incidentId: incidentGid(issueId), note, occurredAt });
  throwErrors(data.timelineEventCreate?.errors);
}

export async function destroyTimelineEvent(id: string): Promise<void> {
  const data = await graphqlRequest(DESTROY_TIMELINE_EVENT, { id });
  throwErrors(data.timelineEventDestroy?.errors);
}
