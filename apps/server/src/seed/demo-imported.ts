import type { DemoContext, DemoOrg } from './demo-world';

/** The demo items shown as imported from GitHub: Meridian has no importer, so the seed marks a few. */
export const DEMO_IMPORTED = {
  source: 'github',
  project: 'acme/product/web-app',
  issueIids: [1, 2],
  group: 'acme',
  epicIids: [1],
} as const;

/** Marks DEMO_IMPORTED's issues and epics imported (IE §2.3: the headers' Imported badge has something to show). */
export async function markDemoImported(ctx: DemoContext, org: DemoOrg): Promise<void> {
  const project = org.projects.find((p) => p.fullPath === DEMO_IMPORTED.project);
  const group = org.groups.get(DEMO_IMPORTED.group);
  if (!project || !group) throw new Error('seed demo: the imported demo items’ project or group is missing');
  await ctx.db
    .updateTable('issues')
    .set({ imported_from: DEMO_IMPORTED.source })
    .where('project_id', '=', project.id)
    .where('iid', 'in', [...DEMO_IMPORTED.issueIids])
    .execute();
  await ctx.db
    .updateTable('epics')
    .set({ imported_from: DEMO_IMPORTED.source })
    .where('group_id', '=', group.id)
    .where('iid', 'in', [...DEMO_IMPORTED.epicIids])
    .execute();
  ctx.log(
    `imported (from ${DEMO_IMPORTED.source}): ${DEMO_IMPORTED.issueIids.length} issues, ${DEMO_IMPORTED.epicIids.length} epic`,
  );
}
