import { z } from 'zod';
import { unprocessable } from '../../errors';
import { gitlabBoolean, parseInput } from '../../rest/params';

const destroyForm = z.object({
  _method: z.literal('delete', { error: '_method must be delete' }),
  destroy_confirm: gitlabBoolean.optional(),
});

/** `POST` with `_method=delete` (GitLab's form delete, IE-21); anything else posted there is a 400. */
export function parseDestroyForm(body: unknown): { confirmed: boolean } {
  const { destroy_confirm } = parseInput(destroyForm, body && typeof body === 'object' ? body : {});
  return { confirmed: destroy_confirm === true };
}

/** `destroy_confirm` of a `DELETE …/<iid>.json` (query or body). */
export function destroyConfirmed(query: unknown, body: unknown): boolean {
  for (const source of [query, body]) {
    if (!source || typeof source !== 'object' || !('destroy_confirm' in source)) continue;
    return parseInput(z.object({ destroy_confirm: gitlabBoolean }), source).destroy_confirm;
  }
  return false;
}

/**
 * GitLab's page endpoints delete an issuable only when asked with `destroy_confirm`
 * (IssuableActions#check_destroy_confirmation!): otherwise 422 with its message. Called after the
 * issuable is found and authorized, so a hidden one stays 404.
 */
export function requireDestroyConfirmation(confirmed: boolean, issuable: 'issue' | 'epic'): void {
  if (!confirmed) throw unprocessable(`Destroy confirmation not provided for ${issuable}`, 'destroy_confirm');
}
