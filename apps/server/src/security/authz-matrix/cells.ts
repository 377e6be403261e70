import type { Actor } from '../../policy/actor';
import { type Bundle, type BundleRequest, type Principal, principalNames, visibilities } from '../../test/authz-world';
import type { Dims, GraphqlEntry, RestEntry } from './catalogue-types';

export type Entry =
  | { kind: 'rest'; e: RestEntry; write: boolean }
  | { kind: 'graphql'; e: GraphqlEntry; write: boolean };

export interface Cell {
  id: number;
  entry: Entry;
  route: string;
  principal: Principal;
  actor: Actor | null;
  bundle: Bundle;
  marker: string;
}

const variants: Record<Dims, { confidential: boolean; internal: boolean }[]> = {
  plain: [{ confidential: false, internal: false }],
  conf: [
    { confidential: false, internal: false },
    { confidential: true, internal: false },
  ],
  'conf+internal': [
    { confidential: false, internal: false },
    { confidential: false, internal: true },
    { confidential: true, internal: false },
    { confidential: true, internal: true },
  ],
};

export const routeName = (entry: Entry) => (entry.kind === 'rest' ? `${entry.e.method} ${entry.e.url}` : entry.e.field);

/**
 * principals × visibility × confidentiality (× internal notes) × route. Reads share one bundle per
 * variant; each write gets a fresh bundle, created in bulk before any request.
 */
export async function buildCells(
  entries: Entry[],
  principals: Record<string, Principal>,
  actors: Record<string, Actor | null>,
  createBundles: (r: BundleRequest[]) => Promise<Bundle[]>,
  succeeds: (entry: Entry, principal: Principal, actor: Actor | null, b: Bundle) => boolean,
): Promise<Cell[]> {
  const plans: { entry: Entry; principal: Principal; request: BundleRequest }[] = [];
  for (const entry of entries) {
    for (const vis of visibilities) {
      for (const v of variants[entry.e.dims]) {
        for (const name of principalNames) {
          const purpose = entry.write ? 'write' : 'read';
          plans.push({ entry, principal: must(principals[name]), request: { purpose, vis, ...v } });
        }
      }
    }
  }
  const variantsOf = (purpose: 'read' | 'write') =>
    visibilities.flatMap((vis) => variants['conf+internal'].map((v) => ({ purpose, vis, ...v })));
  const sharedRequests = [...variantsOf('read'), ...variantsOf('write')];
  const sharedBundles = await createBundles(sharedRequests);
  const shared = new Map(sharedRequests.map((r, i) => [variantKey(r), must(sharedBundles[i])]));
  // A write the policy allows changes its bundle, so it gets a fresh one; a denied write must
  // change nothing, so denied writes share one bundle per variant (and check it is unchanged).
  // The verdict depends only on the space and the flags, so the shared bundle of the variant answers it.
  const freshPlans = plans.filter(
    (p) =>
      p.entry.write &&
      succeeds(p.entry, p.principal, actors[p.principal.name] ?? null, must(shared.get(variantKey(p.request)))),
  );
  const fresh = await createBundles(freshPlans.map((p) => p.request));
  const freshFor = new Map(freshPlans.map((p, i) => [p, must(fresh[i])]));
  return plans.map((p, i) => ({
    id: i,
    entry: p.entry,
    route: routeName(p.entry),
    principal: p.principal,
    actor: actors[p.principal.name] ?? null,
    bundle: freshFor.get(p) ?? must(shared.get(variantKey(p.request))),
    marker: `azm${i}x${Math.random().toString(36).slice(2, 7)}`,
  }));
}

const variantKey = (r: BundleRequest) => `${r.purpose}/${r.vis}/${r.confidential}/${r.internal}`;

function must<T>(v: T | undefined): T {
  if (v === undefined) throw new Error('authz matrix: missing cell input');
  return v;
}
