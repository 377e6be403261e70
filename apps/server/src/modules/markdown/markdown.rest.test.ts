import { beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createProject, createPublicGroupProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({ prefix: 'md_', users: ['writer'] });
const { api } = t;
let privateProjectPath: string;
let publicProjectId: number;

beforeAll(async () => {
  await createProject(t.db, { namespaceId: (await createGroup(t.db, { path: 'mdsecret' })).id, path: 'hidden' });
  privateProjectPath = 'mdsecret/hidden';
  publicProjectId = (await createPublicGroupProject(t.db, 'mdpub')).project.id;
});

describe('POST /markdown (IE-5, the editor preview)', () => {
  it('renders GitLab Flavored Markdown to sanitized HTML (201 { html })', async () => {
    const r = await api('POST', '/markdown', 'writer', {
      text: '**bold** and a task:\n\n- [x] done\n\n<img src=x onerror=alert(1)><script>alert(2)</script>',
      gfm: true,
      project: String(publicProjectId),
    });
    expect(r.statusCode).toBe(201);
    const { html } = r.json() as { html: string };
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('type="checkbox"');
    expect(html).not.toMatch(/onerror|<script/i);
  });

  it.each([
    ['anonymous', undefined, { text: 'x' }, 401],
    ['no text', 'writer', { gfm: true }, 400],
    ['text of the wrong type', 'writer', { text: 42 }, 400],
    ['text over 1 MiB', 'writer', { text: 'a'.repeat(1_048_577) }, 400],
    ['a project the user cannot see', 'writer', { text: 'x', project: 'mdsecret/hidden' }, 404],
    ['an unknown project', 'writer', { text: 'x', project: 'nope/nothing' }, 404],
  ] as const)('refuses %s', async (_what, who, payload, status) => {
    const r = await api('POST', '/markdown', who, payload);
    expect(r.statusCode).toBe(status);
    if (status === 400) expect(JSON.stringify(r.json())).toContain('text');
  });

  it('answers a hidden project exactly as an unknown one (no existence oracle)', async () => {
    const hidden = await api('POST', '/markdown', 'writer', { text: 'x', project: privateProjectPath });
    const unknown = await api('POST', '/markdown', 'writer', { text: 'x', project: 'mdsecret/nothing' });
    expect(hidden.body).toBe(unknown.body);
  });
});
