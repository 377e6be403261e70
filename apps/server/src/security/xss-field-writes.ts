import type { StartedServer } from '../test/started-server';
import { sentinel, type XssPayload } from '../test/xss-corpus';

/** Where the suite writes: a group (epics, labels, subgroups) holding a project (issues, MRs…). */
export interface XssTarget {
  server: StartedServer;
  token: string;
  groupId: number;
  groupPath: string;
  projectId: number;
  projectPath: string;
}

/** A user-text field: its sentinel code, the JSON key it reads back under, whether the API trims it. */
export interface TextField {
  code: string;
  label: string;
  key: 'title' | 'name' | 'description' | 'body';
  trims: boolean;
}

export const TEXT_FIELDS = {
  labelName: { code: 'ln', label: 'label name', key: 'name', trims: true },
  labelDescription: { code: 'ld', label: 'label description', key: 'description', trims: false },
  milestoneTitle: { code: 'mt', label: 'milestone title', key: 'title', trims: true },
  milestoneDescription: { code: 'md', label: 'milestone description', key: 'description', trims: false },
  issueTitle: { code: 'it', label: 'issue title', key: 'title', trims: true },
  issueDescription: { code: 'id', label: 'issue description', key: 'description', trims: false },
  issueNote: { code: 'in', label: 'issue note body', key: 'body', trims: false },
  epicTitle: { code: 'et', label: 'epic title', key: 'title', trims: true },
  epicDescription: { code: 'ed', label: 'epic description', key: 'description', trims: false },
  epicNote: { code: 'en', label: 'epic note body', key: 'body', trims: false },
  gqlEpicTitle: { code: 'gt', label: 'epic title (GraphQL updateEpic)', key: 'title', trims: true },
  gqlEpicDescription: { code: 'gd', label: 'epic description (GraphQL updateEpic)', key: 'description', trims: false },
  mrTitle: { code: 'rt', label: 'merge request title', key: 'title', trims: true },
  mrDescription: { code: 'rd', label: 'merge request description', key: 'description', trims: false },
  groupName: { code: 'gn', label: 'group name', key: 'name', trims: true },
  groupDescription: { code: 'gs', label: 'group description', key: 'description', trims: false },
  projectName: { code: 'pn', label: 'project name', key: 'name', trims: true },
  projectDescription: { code: 'ps', label: 'project description', key: 'description', trims: false },
  cadenceTitle: { code: 'ct', label: 'iteration cadence title', key: 'title', trims: true },
  cadenceDescription: { code: 'cd', label: 'iteration cadence description', key: 'description', trims: false },
  userName: { code: 'un', label: 'user name (sign-up)', key: 'name', trims: true },
} as const satisfies Record<string, TextField>;

export type FieldName = keyof typeof TEXT_FIELDS;

/** One payload written into one field, and what the API must hand back as raw text. */
export interface Written {
  payload: XssPayload;
  field: TextField;
  expected: string;
  /** Where the write was answered, e.g. `POST /projects/1/issues`. */
  via: string;
}

export interface JsonResponse {
  source: string;
  body: unknown;
}

/** Payloads a field refuses by design (label names cannot hold commas), with the reason. */
export interface Refused {
  payload: XssPayload;
  field: TextField;
  reason: string;
}

export class FieldWriter {
  readonly written: Written[] = [];
  readonly responses: JsonResponse[] = [];
  readonly refused: Refused[] = [];
  readonly issueIids: number[] = [];
  /** Global ids of the epics written over REST (the epic notes route takes the id). */
  readonly epicIds: number[] = [];
  /** What `#12+`-style references name: the merge requests' and epics' iids. */
  readonly mergeRequestIids: number[] = [];
  readonly epicIids: number[] = [];

  constructor(private readonly t: XssTarget) {}

  text(payload: XssPayload, field: TextField): string {
    return payload.make(sentinel(payload.id, field.code));
  }

  private expect(payload: XssPayload, field: TextField, via: string) {
    const raw = this.text(payload, field);
    this.written.push({ payload, field, expected: field.trims ? raw.trim() : raw, via });
  }

  async send(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await this.t.server.http(path, {
      method,
      headers: { 'content-type': 'application/json', 'private-token': this.t.token, ...headers },
      body: JSON.stringify(body),
    });
    const json: unknown = await res.json().catch(() => null);
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    this.responses.push({ source: `${method} ${path}`, body: json });
    return json as Record<string, unknown>;
  }

  /** Pushes one payload through every writable user-text field (REST, and GraphQL where it writes). */
  async writeAll(p: XssPayload, n: number) {
    const { groupId, projectId, groupPath } = this.t;
    const f = TEXT_FIELDS;
    const put = (field: TextField, via: string) => this.expect(p, field, via);

    const wantedLabel = this.text(p, f.labelName).trim();
    const labelName = wantedLabel.includes(',') ? `xss-label-${p.id}` : wantedLabel;
    if (labelName !== wantedLabel)
      this.refused.push({ payload: p, field: f.labelName, reason: 'commas are not allowed' });
    else put(f.labelName, 'POST /groups/:id/labels');
    await this.send('POST', `/api/v4/groups/${groupId}/labels`, {
      name: labelName,
      color: '#cc3366',
      description: this.text(p, f.labelDescription),
    });
    put(f.labelDescription, 'POST /groups/:id/labels');

    const milestone = await this.send('POST', `/api/v4/projects/${projectId}/milestones`, {
      title: this.text(p, f.milestoneTitle),
      description: this.text(p, f.milestoneDescription),
    });
    put(f.milestoneTitle, 'POST /projects/:id/milestones');
    put(f.milestoneDescription, 'POST /projects/:id/milestones');

    const issue = await this.send('POST', `/api/v4/projects/${projectId}/issues`, {
      title: this.text(p, f.issueTitle),
      description: this.text(p, f.issueDescription),
      labels: [labelName],
      milestone_id: milestone.id,
    });
    this.issueIids.push(Number(issue.iid));
    put(f.issueTitle, 'POST /projects/:id/issues');
    put(f.issueDescription, 'POST /projects/:id/issues');
    await this.send('POST', `/api/v4/projects/${projectId}/issues/${issue.iid}/notes`, {
      body: this.text(p, f.issueNote),
    });
    put(f.issueNote, 'POST /projects/:id/issues/:iid/notes');

    const epic = await this.send('POST', `/api/v4/groups/${groupId}/epics`, {
      title: this.text(p, f.epicTitle),
      description: this.text(p, f.epicDescription),
      labels: [labelName],
    });
    this.epicIds.push(Number(epic.id));
    this.epicIids.push(Number(epic.iid));
    put(f.epicTitle, 'POST /groups/:id/epics');
    put(f.epicDescription, 'POST /groups/:id/epics');
    await this.send('POST', `/api/v4/groups/${groupId}/epics/${epic.id}/notes`, { body: this.text(p, f.epicNote) });
    put(f.epicNote, 'POST /groups/:id/epics/:epic_id/notes');

    const gqlEpic = await this.send('POST', `/api/v4/groups/${groupId}/epics`, { title: `graphql target ${p.id}` });
    const mutation = await this.send('POST', '/api/graphql', {
      // Paths and iid as literals: the payloads travel as variables, the way a client sends user text.
      query: `mutation($title: String, $description: String) { updateEpic(input: { groupPath: ${JSON.stringify(groupPath)}, iid: "${gqlEpic.iid}", title: $title, description: $description }) { errors epic { iid title description descriptionHtml } } }`,
      variables: { title: this.text(p, f.gqlEpicTitle), description: this.text(p, f.gqlEpicDescription) },
    });
    const errors = JSON.stringify(
      (mutation as { errors?: unknown; data?: { updateEpic?: { errors?: unknown } } }).errors ?? null,
    );
    const payloadErrors = JSON.stringify(
      mutation.data && (mutation.data as { updateEpic?: { errors?: unknown[] } }).updateEpic?.errors,
    );
    if (errors !== 'null' || payloadErrors !== '[]') throw new Error(`updateEpic ${p.id}: ${errors} ${payloadErrors}`);
    put(f.gqlEpicTitle, 'mutation updateEpic');
    put(f.gqlEpicDescription, 'mutation updateEpic');

    const mergeRequest = await this.send('POST', `/api/v4/projects/${projectId}/merge_requests`, {
      source_branch: `xss/${n}`,
      target_branch: 'main',
      title: this.text(p, f.mrTitle),
      description: this.text(p, f.mrDescription),
    });
    this.mergeRequestIids.push(Number(mergeRequest.iid));
    put(f.mrTitle, 'POST /projects/:id/merge_requests');
    put(f.mrDescription, 'POST /projects/:id/merge_requests');

    await this.send('POST', '/api/v4/groups', {
      name: this.text(p, f.groupName),
      path: `xss-group-${n}`,
      parent_id: groupId,
      description: this.text(p, f.groupDescription),
    });
    put(f.groupName, 'POST /groups');
    put(f.groupDescription, 'POST /groups');

    await this.send('POST', '/api/v4/projects', {
      name: this.text(p, f.projectName),
      path: `xss-project-${n}`,
      namespace_id: groupId,
      description: this.text(p, f.projectDescription),
    });
    put(f.projectName, 'POST /projects');
    put(f.projectDescription, 'POST /projects');

    await this.send('POST', `/api/v4/groups/${groupId}/iteration_cadences`, {
      title: this.text(p, f.cadenceTitle),
      description: this.text(p, f.cadenceDescription),
      automatic: false,
    });
    put(f.cadenceTitle, 'POST /groups/:id/iteration_cadences');
    put(f.cadenceDescription, 'POST /groups/:id/iteration_cadences');
  }

  /** Sign-up is the only way to set a user's name (no PUT /user, no bio): scrypt makes it slow. */
  async signUp(p: XssPayload, n: number) {
    const res = await this.t.server.http('/users/sign_up', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `xss-user-${n}`,
        name: this.text(p, TEXT_FIELDS.userName),
        email: `xss-user-${n}@example.com`,
        password: 'xss-corpus-password-1',
      }),
    });
    const json: unknown = await res.json().catch(() => null);
    if (res.status !== 201) throw new Error(`sign-up ${p.id} → ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    this.responses.push({ source: 'POST /users/sign_up', body: json });
    this.expect(p, TEXT_FIELDS.userName, 'POST /users/sign_up');
  }
}
