import { sql } from 'kysely';
import type { Database } from '../db/connection';
import { inBatches, type LargeRun, mix, reserveIdBlock } from './large-setup';

const themes = [
  'Roadmap',
  'Search',
  'Billing',
  'Onboarding',
  'Reliability',
  'Mobile',
  'Compliance',
  'Performance',
  'Analytics',
  'Integrations',
];
const phases = ['Discovery', 'MVC', 'Beta', 'GA', 'Hardening', 'Rollout', 'Iteration 2', 'Follow-ups'];
/** A number parameter typed for PostgreSQL (bare parameters are `unknown` and break arithmetic). */
export const n = (value: number) => sql`${value}::int`;

const palette = ['#1068bf', '#217645', '#c91c00', '#9e5400', '#694cc0'];

/** Level sizes of the epic forest: 10% roots, then 20%, 30%, 40% at depths 2, 3 and 4. */
export function levelSizes(total: number): number[] {
  const l1 = Math.ceil(total * 0.1);
  const l2 = Math.min(total - l1, Math.ceil(total * 0.2));
  const l3 = Math.min(total - l1 - l2, Math.ceil(total * 0.3));
  return [l1, l2, l3, total - l1 - l2 - l3];
}

/** Epics of class c (= group index) in a level of `size` epics laid out round-robin over `g` groups. */
function classCount(size: number, c: number, g: number): number {
  return size > c ? Math.floor((size - 1 - c) / g) + 1 : 0;
}

/**
 * Inserts `total` epics as a forest of depth ≤ 4, level by level in batches. Epic j of a level
 * belongs to group j mod G and its parent is an epic of the previous level in the same group, so
 * group, parent id and a dense per-group iid are all arithmetic; dates come from the parent row.
 */
export async function seedLargeEpics(run: LargeRun): Promise<void> {
  const { db, world, total, anchor } = run;
  if (total === 0) return;
  const base = await reserveIdBlock(db, 'epics', total);
  const sizes = levelSizes(total);
  const g = world.groupIds.length;
  const starts = sizes.map((_, l) => sizes.slice(0, l).reduce((a, b) => a + b, 0));
  for (let level = 0; level < sizes.length; level += 1) {
    const size = sizes[level]!;
    const prevSize = level > 0 ? sizes[level - 1]! : 0;
    const prevCount = Array.from({ length: g }, (_, c) => (level > 0 ? classCount(prevSize, c, g) : 0));
    const before = Array.from({ length: g }, (_, c) =>
      sizes.slice(0, level).reduce((n, s) => n + classCount(s, c, g), 0),
    );
    const prevStart = level > 0 ? starts[level - 1]! : 0;
    await inBatches(run, size, async (trx, from, to) => {
      await sql`SELECT setseed(${((level * 7919 + from) % 10000) / 10000})`.execute(trx);
      await sql`
        INSERT INTO epics (id, group_id, iid, parent_id, title, description, description_html, author_id, state,
          confidential, color, start_date_is_fixed, start_date_fixed, due_date_is_fixed, due_date_fixed,
          start_date, due_date, relative_position, closed_at, created_at, updated_at)
        SELECT s.id, s.group_id, s.iid, s.parent_id, s.title, '', '', s.author_id,
          CASE WHEN d.due < ${anchor}::date AND s.r_state < 0.6 THEN 'closed' ELSE 'opened' END,
          coalesce(p.confidential, false) OR s.r_conf < 0.02, s.color,
          d.start IS NOT NULL, d.start, d.due IS NOT NULL, d.due, d.start, d.due, s.j * 64,
          CASE WHEN d.due < ${anchor}::date AND s.r_state < 0.6 THEN least(d.due + 3, ${anchor}::date - 1)::timestamptz END,
          least(coalesce(d.start, ${anchor}::date - 30), ${anchor}::date - 1)::timestamptz - interval '20 days',
          ${anchor}::date - 1 - (s.r_state * 30)::int
        FROM (
          SELECT j, ${n(base)} + ${n(starts[level]!)} + j AS id,
            (${world.groupIds}::int[])[1 + j % ${n(g)}] AS group_id,
            (${before}::int[])[1 + j % ${n(g)}] + j / ${n(g)} + 1 AS iid,
            CASE WHEN (${prevCount}::int[])[1 + j % ${n(g)}] > 0
              THEN ${n(base)} + ${n(prevStart)} + j % ${n(g)} + ${n(g)} * (((j / ${n(g)})::bigint * 7919) % (${prevCount}::int[])[1 + j % ${n(g)}])
            END AS parent_id,
            (${themes}::text[])[1 + floor(random() * ${n(themes.length)})::int] || ': ' ||
              (${phases}::text[])[1 + floor(random() * ${n(phases.length)})::int] || ' ' || (${n(starts[level]!)} + j + 1) AS title,
            (${world.userIds}::int[])[1 + floor(random() * ${n(world.userIds.length)})::int] AS author_id,
            (${palette}::text[])[1 + floor(random() * ${n(palette.length)})::int] AS color,
            random() AS r_dates, random() AS r_len, random() AS r_state, random() AS r_conf
          FROM generate_series(${n(from)}, ${n(to)}) j
        ) s
        LEFT JOIN epics p ON p.id = s.parent_id
        CROSS JOIN LATERAL (
          SELECT CASE WHEN s.r_dates < 0.1 THEN NULL
                      WHEN p.start_date IS NOT NULL AND p.due_date IS NOT NULL
                        THEN p.start_date + floor(s.r_len * greatest(1, (p.due_date - p.start_date) / 2))::int
                      ELSE ${anchor}::date - 540 + floor(s.r_len * 900)::int END AS start
        ) st
        CROSS JOIN LATERAL (
          SELECT st.start AS start,
            CASE WHEN st.start IS NULL THEN NULL
                 WHEN p.due_date IS NOT NULL AND p.start_date IS NOT NULL
                   THEN greatest(st.start + 7, least(p.due_date, st.start + 14 + floor(s.r_dates * 90)::int))
                 ELSE st.start + 30 + floor(s.r_dates * 300)::int END AS due
        ) d`.execute(trx);
    });
  }
  // Labels on about half of the epics (two distinct labels on a quarter).
  const labels = world.labelIds;
  await sql`
    INSERT INTO epic_labels (epic_id, label_id)
    SELECT id, (${labels}::int[])[1 + ${mix('id', 31)} % ${n(labels.length)}] FROM epics
    WHERE id BETWEEN ${n(base)} AND ${n(base + total - 1)} AND ${mix('id', 3)} % 2 = 0
    UNION ALL
    SELECT id, (${labels}::int[])[1 + (${mix('id', 31)} % ${n(labels.length)} + 1 + ${mix('id', 17)} % ${n(labels.length - 1)}) % ${n(labels.length)}] FROM epics
    WHERE id BETWEEN ${n(base)} AND ${n(base + total - 1)} AND ${mix('id', 3)} % 4 = 0
    ON CONFLICT DO NOTHING`.execute(db);
  await seedLargeEpicLinks(db, base, total, g);
}

/**
 * Dependency lines for the roadmap: about 2% of the epics are blocked by the epic `g` ids later
 * (the same group within a level) and 1% relate to it. Deterministic (hash picks), idempotent.
 */
export async function seedLargeEpicLinks(db: Database, base: number, total: number, g: number): Promise<void> {
  await sql`
    INSERT INTO epic_links (source_id, target_id, link_type)
    SELECT id + ${n(g)}, id, CASE WHEN ${mix('id', 41)} % 3 = 0 THEN 'relates_to' ELSE 'blocks' END FROM epics
    WHERE id BETWEEN ${n(base)} AND ${n(base + total - 1 - g)} AND ${mix('id', 43)} % 100 < 3
    ON CONFLICT DO NOTHING`.execute(db);
}
