import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useQuickActionsWorld } from '../../test/quick-actions-world';

/**
 * A comment and its quick actions are one service call in one transaction: both commit or neither.
 * The fault is the database's own: a trigger refuses the label write, as a broken constraint would.
 */
const { t, newIssue, show, comment, userNotes } = useQuickActionsWorld();

describe('a comment with quick actions (createComment)', () => {
  it('stores the note and runs its commands together', async () => {
    const iid = await newIssue('together');
    const r = await comment(iid, 'Triaged.\n/label ~bug\n/weight 2');
    expect(r.statusCode).toBe(201);
    // The comment, then the system notes of its commands.
    expect((await userNotes(iid))[0]).toBe('Triaged.');
    expect(await show(iid)).toMatchObject({ labels: ['bug'], weight: 2 });
  });

  it('rolls the note back when a command fails unexpectedly (neither is kept)', async () => {
    const iid = await newIssue('neither');
    await sql`CREATE FUNCTION refuse_label() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'label writes are broken'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_label BEFORE INSERT ON issue_labels FOR EACH ROW EXECUTE FUNCTION refuse_label()`.execute(
      t.db,
    );
    try {
      const r = await comment(iid, 'Should vanish.\n/label ~bug\n/weight 2');
      expect(r.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_label ON issue_labels`.execute(t.db);
      await sql`DROP FUNCTION refuse_label()`.execute(t.db);
    }
    // No comment, and no system note of the weight the same text set before the label failed.
    expect(await userNotes(iid)).toEqual([]);
    expect(await show(iid)).toMatchObject({ labels: [], weight: null });
  });

  it('keeps the note when a service refuses a command (skipped with its message)', async () => {
    const iid = await newIssue('refused');
    const r = await comment(iid, 'Guest says hi.\n/close', 'guest');
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ body: 'Guest says hi.', commands_changes: {} });
    expect(await userNotes(iid)).toEqual(['Guest says hi.']);
  });
});
