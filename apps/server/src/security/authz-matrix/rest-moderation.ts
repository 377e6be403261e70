import type { OutOfScope, RestEntry } from './catalogue-types';
import { adminOnly, entry } from './rest-catalogue-helpers';

/** REST catalogue entries for moderation's admin lists (issue 12 "Safety"). */
export const moderationEntries: RestEntry[] = [
  entry('GET', '/api/v4/admin/abuse_reports', 'plain', () => '/api/v4/admin/abuse_reports?status=open', adminOnly),
  entry('GET', '/api/v4/admin/spam_logs', 'plain', () => '/api/v4/admin/spam_logs', adminOnly),
];

const moderationReason =
  'moderation: needs a report or a user outside the bundle (or hides the bundle’s issue); attacked by modules/moderation/*.test.ts';

export const moderationOutOfScope: OutOfScope[] = [
  'POST /api/v4/abuse_reports',
  'POST /abuse_reports',
  'GET /api/v4/admin/abuse_reports/:id',
  'PUT /api/v4/admin/abuse_reports/:id',
  'DELETE /api/v4/admin/abuse_reports/:id',
  'PUT /api/v4/admin/spam_logs/:id',
  'DELETE /api/v4/admin/spam_logs/:id',
].map((key) => ({ key, reason: moderationReason }));

/** IE-22's `…/-/issues/:iid/mark_as_spam`, registered once per project path depth. */
export const moderationOutOfScopePattern = {
  pattern: /^POST \/:s0\/[^ ]*\/-\/issues\/:iid\/mark_as_spam$/,
  reason: moderationReason,
};
