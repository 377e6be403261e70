import type { Actor } from '../../policy/actor';
import type { AuthzWorld, Bundle, Principal } from '../../test/authz-world';
import type { CellInput } from './catalogue-types';
import type { Cell, Entry } from './cells';
import { type Outcome, oracleFor } from './oracle';

export interface CellResult {
  cell: Cell;
  expected: Outcome;
  ok: boolean;
  /** What went wrong, e.g. "status 200, expected 404" or "lists a hidden object". */
  problem: string | null;
  status: number;
  /** How long the cell took, request and checks (the summary lists the slowest routes). */
  ms: number;
}

const statusFor: Record<Outcome, number> = { ok: 200, hidden: 404, forbidden: 403, unauthorized: 401, refused: 400 };

function matches(outcome: Outcome, status: number, alsoOk: number[] = []): boolean {
  if (outcome === 'ok') return (status >= 200 && status < 300) || alsoOk.includes(status);
  return status === statusFor[outcome];
}

/**
 * Denied writes share a bundle that nothing may change, so its state is read once (the first
 * time) and every denied write on it is compared with that.
 */
const pristine = new WeakMap<Bundle, Promise<string>>();
function snapshotBefore(world: AuthzWorld, b: Bundle): Promise<string> {
  let state = pristine.get(b);
  if (!state) {
    state = world.snapshot(b);
    pristine.set(b, state);
  }
  return state;
}

/** Only creates can leave a new row behind; updates and deletes show in the bundle's snapshot. */
const creates = (entry: Entry) => (entry.kind === 'rest' ? entry.e.method === 'POST' : false);

function cellInput(world: AuthzWorld, actor: Actor | null, b: Bundle, marker: string): CellInput {
  const author = world.principals.author.user?.id ?? 0;
  const assignee = world.principals.assignee.user?.id ?? 0;
  return { b, o: oracleFor(actor, b, author, assignee), marker };
}

/** The oracle's verdict for a cell; a blocked user's token is refused outright (auth plugin). */
function expectedOutcome(entry: Entry, principal: Principal, input: CellInput): Outcome {
  return principal.name === 'blocked' ? 'unauthorized' : entry.e.expect(input);
}

export function succeeds(
  world: AuthzWorld,
  entry: Entry,
  principal: Principal,
  actor: Actor | null,
  b: Bundle,
): boolean {
  return expectedOutcome(entry, principal, cellInput(world, actor, b, '')) === 'ok';
}

/** Sends one cell's request with the principal's token and judges the answer against the oracle. */
export async function runCell(
  world: AuthzWorld,
  http: (path: string, init?: RequestInit) => Promise<Response>,
  cell: Cell,
): Promise<CellResult> {
  const started = performance.now();
  const input = cellInput(world, cell.actor, cell.bundle, cell.marker);
  const blocked = cell.principal.name === 'blocked';
  const { entry } = cell;
  const expected = expectedOutcome(entry, cell.principal, input);
  const headers: Record<string, string> = {};
  if (cell.principal.token) headers['PRIVATE-TOKEN'] = cell.principal.token;
  const before = entry.write && expected !== 'ok' ? await snapshotBefore(world, cell.bundle) : null;

  let status: number;
  let problem: string | null = null;
  if (entry.kind === 'rest') {
    const body = entry.e.body?.(input);
    if (body) headers['content-type'] = 'application/json';
    const res = await http(entry.e.path(input), {
      method: entry.e.method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    status = res.status;
    const text = await res.text();
    if (!matches(expected, status, entry.e.alsoOk))
      problem = `status ${status}, expected ${expected} (${statusFor[expected]})`;
    else if (expected === 'ok' && entry.e.listed) problem = listedProblem(text, entry.e.listed, input);
  } else {
    headers['content-type'] = 'application/json';
    const res = await http('/api/graphql', {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: entry.e.query(input) }),
    });
    status = res.status;
    const json = (await res.json().catch(() => null)) as { data?: unknown; errors?: { message: string }[] } | null;
    if (blocked) {
      if (status !== 401) problem = `status ${status}, expected 401`;
    } else {
      const value = entry.e.pick(json?.data ?? null);
      const topErrors = json?.errors ?? [];
      const payloadErrors = entry.e.write ? ((value as { errors?: string[] } | null)?.errors ?? []) : [];
      if (expected === 'ok') {
        if (value === null || topErrors.length > 0 || payloadErrors.length > 0) {
          problem = `expected a value, got ${JSON.stringify(json).slice(0, 200)}`;
        } else if (entry.e.listed) problem = listedProblem(JSON.stringify(value), entry.e.listed, input);
      } else if (value !== null) {
        problem = `expected null or "not available", got ${JSON.stringify(json).slice(0, 200)}`;
      }
    }
  }
  if (before !== null && problem === null) {
    if ((await world.snapshot(cell.bundle)) !== before) problem = 'denied write changed the bundle';
    else if (creates(entry) && (await world.markerExists(cell.marker))) problem = 'denied write created a row';
  }
  return { cell, expected, ok: problem === null, problem, status, ms: performance.now() - started };
}

function listedProblem(
  text: string,
  listed: { text: (c: CellInput) => string; visible: (c: CellInput) => boolean },
  input: CellInput,
): string | null {
  const present = text.includes(listed.text(input));
  const visible = listed.visible(input);
  if (present === visible) return null;
  return visible ? 'does not list a readable object' : 'lists a hidden object';
}
