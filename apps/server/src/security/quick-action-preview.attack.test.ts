import { describe, expect, it } from 'vitest';
import { useQuickActionsWorld } from '../test/quick-actions-world';

/**
 * L2 (review of 2026-11-28): the quick-action preview (`POST /markdown` with
 * `render_quick_actions`) must not tell a Planner whether a named user may read a confidential
 * issue. It explains `/assign @x` for any existing active user; running the command still refuses
 * a user who cannot read the issue.
 */
const { t, issues, newIssue, show, comment } = useQuickActionsWorld();
const { api } = t;

const preview = async (iid: number | null, text: string) => {
  const r = await api('POST', '/markdown', 'planner', {
    text,
    project: 'qaacme/web',
    render_quick_actions: true,
    ...(iid === null ? {} : { target_type: 'Issue', target_id: iid }),
  });
  expect(r.statusCode).toBe(201);
  return (r.json() as { references: { explanations: string[] } }).references.explanations;
};

describe('quick-action preview on a confidential issue (L2)', () => {
  it('explains /assign alike for a user who cannot read the issue and one who can', async () => {
    const iid = await newIssue('confidential preview', { confidential: true });
    // qa_guest (Guest) cannot read the confidential issue, qa_alice (Reporter) can.
    expect((await api('GET', `${issues()}/${iid}`, 'guest')).statusCode).toBe(404);
    expect((await api('GET', `${issues()}/${iid}`, 'alice')).statusCode).toBe(200);
    const cannotRead = await preview(iid, '/assign @qa_guest');
    const canRead = await preview(iid, '/assign @qa_alice');
    expect(cannotRead).toEqual(['Assigns @qa_guest.']);
    expect(canRead).toEqual(['Assigns @qa_alice.']);
    expect(cannotRead.map((e) => e.replace('qa_guest', 'X'))).toEqual(canRead.map((e) => e.replace('qa_alice', 'X')));
    // The same for a new issue's description preview, and unknown users are explained as nothing.
    expect(await preview(null, '/assign @qa_guest @qa_outsider')).toEqual(['Assigns @qa_guest and @qa_outsider.']);
    expect(await preview(iid, '/assign @qa_nobody')).toEqual([]);
  });

  it('still refuses to assign the user who cannot read the issue when the command runs', async () => {
    const iid = await newIssue('confidential assign', { confidential: true });
    const refused = await comment(iid, '/assign @qa_guest');
    expect(refused.statusCode).toBe(202);
    expect(refused.json()).toEqual({ commands_changes: {}, summary: ['Could not apply assign command.'] });
    expect((await show(iid)).assignees).toEqual([]);
    expect((await comment(iid, '/assign @qa_alice')).statusCode).toBe(202);
    expect((await show(iid)).assignees.map((a) => a.username)).toEqual(['qa_alice']);
  });
});
