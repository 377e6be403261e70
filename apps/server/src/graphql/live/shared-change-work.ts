import type { ItemChange } from '../../realtime/change-channel';
import type { LiveCredential } from './live-context';

/**
 * The work of one change event, done once per credential and shared by every subscription that
 * receives the event holding that credential (security review H2): with 1,000 anonymous
 * subscribers of one item, an edit costs one policy read and one payload, not 1,000. Every
 * subscriber still gets exactly what it would have computed alone for that event — the same
 * credential authenticates (or fails: a revoked token) the same way, the same actor reads the same
 * item — so nothing one credential may see reaches another.
 *
 * The change bus parses each notification once and hands that one object to every listener, so the
 * object is the key: the shared results go with it once the last subscriber has let go of it.
 */
const workByChange = new WeakMap<ItemChange, Map<string, unknown>>();

/** Whose results are shared: all anonymous subscribers one, each token and each session its own. */
function credentialKey(credential: LiveCredential): string {
  if (credential.kind === 'none') return 'anonymous';
  return credential.kind === 'token' ? `token:${credential.token}` : `session:${credential.secret}`;
}

/**
 * The sharer of `change`'s work for `credential`: `share(what, compute)` runs `compute` for the first
 * subscriber to ask and hands its result (usually a promise, a rejection included) to the others.
 */
export function changeWorkFor(change: ItemChange, credential: LiveCredential) {
  let work = workByChange.get(change);
  if (!work) {
    work = new Map();
    workByChange.set(change, work);
  }
  const shared = work;
  const prefix = `${credentialKey(credential)}\n`;
  return <T>(what: string, compute: () => T): T => {
    const key = prefix + what;
    if (!shared.has(key)) shared.set(key, compute());
    return shared.get(key) as T;
  };
}
