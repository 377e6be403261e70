import type { OutOfScope, RestEntry } from './catalogue-types';
import { analyticsEntries } from './rest-analytics';
import { billingEntries } from './rest-billing';
import { deploymentEntries, deploymentOutOfScope } from './rest-deployments';
import { geoEntries, geoOutOfScope } from './rest-geo';
import { groupExportEntries } from './rest-group-export';
import { groupSettingsEntries } from './rest-group-settings';
import { importOutOfScopePatterns } from './rest-imports';
import { incidentEntries, incidentOutOfScope } from './rest-incidents';
import { epicEntries, issueEntries } from './rest-issues-epics';
import { labelEntries, milestoneEntries } from './rest-labels-milestones';
import { ldapEntries, ldapOutOfScope } from './rest-ldap';
import { moderationEntries, moderationOutOfScope, moderationOutOfScopePattern } from './rest-moderation';
import { awardEntries, noteEntries } from './rest-notes-awards';
import { projectFilesOutOfScope, projectGroupsEntries, projectUploadsOutOfScopePattern } from './rest-project-files';
import { statusCheckEntries, statusCheckOutOfScope } from './rest-status-checks';
import { visitEntries } from './rest-visits';
import { vulnerabilityEntries, vulnerabilityOutOfScope } from './rest-vulnerabilities';

/**
 * Every REST route of the app. Routes that read or write issues, epics, notes, labels, milestones
 * or their links are attacked by the matrix (`restEntries`); every other route is listed in
 * `restOutOfScope` with the reason. The runner fails on a route in neither list, and on an entry
 * whose route no longer exists. HEAD routes are served by their GET handler and covered by it.
 */
export const restEntries: RestEntry[] = [
  ...issueEntries,
  ...epicEntries,
  ...noteEntries('issue'),
  ...noteEntries('epic'),
  ...awardEntries('issue'),
  ...awardEntries('epic'),
  ...labelEntries('project'),
  ...labelEntries('group'),
  ...milestoneEntries('project'),
  ...milestoneEntries('group'),
  ...moderationEntries,
  ...visitEntries,
  ...billingEntries,
  ...geoEntries,
  ...projectGroupsEntries,
  ...deploymentEntries,
  ...statusCheckEntries,
  ...vulnerabilityEntries,
  ...incidentEntries,
  ...ldapEntries,
  ...groupExportEntries,
  ...groupSettingsEntries,
  ...analyticsEntries,
];

const out = (key: string, reason: string): OutOfScope => ({ key, reason });

/** The notes, discussions and award emoji routes of a merge request (the same service as issues'). */
function mergeRequestNoteRoutes(): string[] {
  const base = '/api/v4/projects/:id/merge_requests/:merge_request_iid';
  const awards = [`${base}/award_emoji`, `${base}/notes/:note_id/award_emoji`].flatMap((a) => [
    `GET ${a}`,
    `POST ${a}`,
    `GET ${a}/:award_id`,
    `DELETE ${a}/:award_id`,
  ]);
  return [
    `GET ${base}/notes`,
    `POST ${base}/notes`,
    `GET ${base}/notes/:note_id`,
    `PUT ${base}/notes/:note_id`,
    `DELETE ${base}/notes/:note_id`,
    `GET ${base}/discussions`,
    `POST ${base}/discussions`,
    `GET ${base}/discussions/:discussion_id`,
    `PUT ${base}/discussions/:discussion_id`,
    `POST ${base}/discussions/:discussion_id/notes`,
    `PUT ${base}/discussions/:discussion_id/notes/:note_id`,
    `DELETE ${base}/discussions/:discussion_id/notes/:note_id`,
    ...awards,
  ];
}
const autocompleteReason =
  'web autocomplete (labels, milestones, epics… as JSON for the filter bar): covered by modules/autocomplete tests, not yet by the matrix';

export const restOutOfScope: OutOfScope[] = [
  out(
    'POST /api/v4/projects/:id/issues/:issue_iid/move',
    'needs a second project per principal and role, which a bundle does not have: modules/issues/issue-move.rest.test.ts attacks it (Guest 403, outsider 404, hidden target 404, target without admin_issue 403)',
  ),
  out('GET /-/session', 'session state of the caller only'),
  out('POST /users/sign_in', 'authentication, attacked by the accounts suite'),
  out('POST /users/sign_up', 'authentication, attacked by the accounts suite'),
  out('POST /users/sign_out', 'authentication, attacked by the accounts suite'),
  out('GET /api/v4/version', 'public'),
  out('GET /-/health', 'public'),
  out('GET /-/readiness', 'public'),
  out('GET /-/config.json', 'public instance settings for the web app'),
  out(
    'GET /-/countries',
    "public ISO 3166 data (GitLab's CountriesController): modules/billing/countries.rest.test.ts",
  ),
  out(
    'GET /-/country_states',
    "public ISO 3166 data (GitLab's CountryStatesController): modules/billing/countries.rest.test.ts",
  ),
  out('GET /api/v4/groups', 'groups, not planning objects'),
  out('GET /api/v4/groups/:id', 'groups, not planning objects'),
  out('POST /api/v4/groups', 'groups, not planning objects'),
  out('DELETE /api/v4/groups/:id', 'groups, not planning objects'),
  out('GET /api/v4/groups/:id/subgroups', 'groups, not planning objects'),
  out('GET /api/v4/groups/:id/descendant_groups', 'groups, not planning objects'),
  out('GET /api/v4/groups/:id/projects', 'projects, not planning objects'),
  out('GET /api/v4/projects', 'projects, not planning objects'),
  out('GET /api/v4/projects/:id', 'projects, not planning objects'),
  out('POST /api/v4/projects', 'projects, not planning objects'),
  out('PUT /api/v4/projects/:id', 'projects, not planning objects'),
  out('DELETE /api/v4/projects/:id', 'projects, not planning objects'),
  out(
    'DELETE /api/v4/groups/:id/billable_members/:user_id',
    'removes a member from the group and everything below it, which every other cell relies on: attacked by modules/members/billable-members.rest.test.ts',
  ),
  ...[
    'POST /api/v4/ai/experimentation/openai/completions',
    'POST /api/v4/ai/experimentation/openai/embeddings',
    'POST /api/v4/ai/experimentation/openai/chat/completions',
    'POST /-/llm/tanuki_bot/ask',
  ].map((key) =>
    out(
      key,
      'AI endpoints (IE-81, IE-82): read no planning object; the gate (signed in, instance switch, the user’s groups’ GitLab Duo availability: 401/404) is attacked by modules/ai/ai.rest.test.ts',
    ),
  ),
  ...[
    'GET /api/v4/projects/:id/issues/ai/features',
    'POST /api/v4/projects/:id/issues/:issue_iid/ai/summarize_comments',
    'POST /api/v4/projects/:id/issues/ai/generate_description',
    'POST /api/v4/projects/:id/issues/ai/suggest_labels',
  ].map((key) =>
    out(
      key,
      'issue AI features (issue 29): the matrix server has no AI provider, so every allowed cell would be 503; the refusals (404 unreadable project or issue, internal notes left out of the prompt, 403 when the group turns AI off) are attacked by modules/ai/issue-ai.rest.test.ts',
    ),
  ),
  ...[
    'POST /api/v4/admin/subscription_orders/:id/mark_paid',
    'POST /api/v4/admin/subscription_orders/:id/mark_failed',
  ].map((key) =>
    out(
      key,
      'billing, instance administrators only (401 anonymous, 403 others): attacked by modules/billing/orders.rest.test.ts',
    ),
  ),
  ...[
    'POST /-/subscriptions',
    'GET /-/subscriptions/payment_form',
    'GET /-/subscriptions/payment_method',
    'POST /-/subscriptions/validate_payment_method',
    'POST /-/subscriptions/groups',
  ].map((key) =>
    out(
      key,
      'purchase flow: signed-in only (401); orders for a top-level group its Owner only, 404 for anyone else; the payment calls answer about the caller only: attacked by modules/billing/orders.rest.test.ts',
    ),
  ),
  out(
    'POST /-/subscriptions/stripe_webhook',
    "Stripe's event deliveries: no user at all, authenticated by the Stripe-Signature over the raw body (400 otherwise, 404 without Stripe); settles only the order its PaymentIntent names: attacked by modules/billing/stripe-orders.rest.test.ts",
  ),
  ...['POST /api/v4/namespaces/:id/gitlab_subscription', 'PUT /api/v4/namespaces/:id/gitlab_subscription'].map((key) =>
    out(
      key,
      'billing, instance administrators only (401 anonymous, 403 others before any lookup, as GitLab): attacked by modules/billing/subscription-admin.rest.test.ts',
    ),
  ),
  ...['groups', 'projects'].flatMap((c) => [
    out(`GET /api/v4/${c}/:id/members`, 'membership, not planning objects'),
    out(`GET /api/v4/${c}/:id/members/:user_id`, 'membership, not planning objects'),
    out(`GET /api/v4/${c}/:id/members/all`, 'membership, not planning objects'),
    out(`GET /api/v4/${c}/:id/members/all/:user_id`, 'membership, not planning objects'),
    out(`POST /api/v4/${c}/:id/members`, 'membership, not planning objects'),
    out(`PUT /api/v4/${c}/:id/members/:user_id`, 'membership, not planning objects'),
    out(`DELETE /api/v4/${c}/:id/members/:user_id`, 'membership, not planning objects'),
    out(`GET /api/v4/${c}/:id/iterations`, 'iterations, not in the matrix brief'),
    out(`GET /api/v4/${c}/:id/merge_requests`, 'merge requests, not in the matrix brief'),
  ]),
  ...['groups', 'projects'].flatMap((c) =>
    ['GET :type', 'POST :type', 'GET :type/:name', 'PUT :type/:name', 'DELETE :type/:name'].map((m) => {
      const [method, rest] = m.split(' ');
      return out(
        `${method} /api/v4/${c}/:id/templates/${rest}`,
        'description templates: the read/manage rules are tested in modules/templates, not yet by the matrix',
      );
    }),
  ),
  out(
    'POST /api/v4/markdown',
    'stateless render of the caller’s text; a named project is looked up with findProject (404 when hidden), tested in modules/markdown',
  ),
  out('GET /api/v4/groups/:id/iteration_cadences', 'iterations, not in the matrix brief'),
  out('POST /api/v4/groups/:id/iteration_cadences', 'iterations, not in the matrix brief'),
  out('GET /api/v4/merge_requests', 'merge requests, not in the matrix brief'),
  out('GET /api/v4/projects/:id/merge_requests/:merge_request_iid', 'merge requests, not in the matrix brief'),
  out('POST /api/v4/projects/:id/merge_requests', 'merge requests, not in the matrix brief'),
  out('PUT /api/v4/projects/:id/merge_requests/:merge_request_iid', 'merge requests, not in the matrix brief'),
  out('DELETE /api/v4/projects/:id/merge_requests/:merge_request_iid', 'merge requests, not in the matrix brief'),
  ...mergeRequestNoteRoutes().map((key) =>
    out(
      key,
      'merge request notes, threads and award emoji: not in the matrix brief; read/write rules (404 where the merge request is hidden, resolve for its author and Developer+) attacked by modules/notes/mr-notes.rest.test.ts',
    ),
  ),
  out('GET /api/v4/user', 'the caller’s own account'),
  out('GET /api/v4/notification_settings', 'the caller’s own global notification level: modules/notifications tests'),
  out('PUT /api/v4/notification_settings', 'the caller’s own global notification level: modules/notifications tests'),
  ...['groups', 'projects'].flatMap((c) => [
    out(
      `GET /api/v4/${c}/:id/notification_settings`,
      'the caller’s own level; findGroup/findProject 404 when hidden: modules/notifications tests',
    ),
    out(
      `PUT /api/v4/${c}/:id/notification_settings`,
      'the caller’s own level; findGroup/findProject 404 when hidden: modules/notifications tests',
    ),
  ]),
  ...['groups', 'projects'].flatMap((c) =>
    [
      'GET hooks',
      'POST hooks',
      'GET hooks/:hook_id',
      'PUT hooks/:hook_id',
      'DELETE hooks/:hook_id',
      'GET hooks/:hook_id/events',
      'POST hooks/:hook_id/events/:hook_log_id/resend',
      'POST hooks/:hook_id/test/:trigger',
    ].map((m) => {
      const [method, rest] = m.split(' ');
      return out(
        `${method} /api/v4/${c}/:id/${rest}`,
        'webhooks, not planning objects: Maintainer (project) / Owner (group), 403 below, 404 hidden: modules/webhooks tests',
      );
    }),
  ),
  out('GET /api/v4/todos', 'the caller’s own to-do items, targets filtered by the read scopes: modules/todos tests'),
  out('GET /api/v4/user_counts', 'the caller’s own pending to-do count: modules/todos tests'),
  out('POST /api/v4/todos/mark_as_done', 'the caller’s own to-do items: modules/todos tests'),
  out('POST /api/v4/todos/:id/mark_as_done', 'the caller’s own to-do item, 404 otherwise: modules/todos tests'),
  out('POST /api/v4/todos/:id/mark_as_pending', 'the caller’s own to-do item, 404 otherwise: modules/todos tests'),
  out('GET /api/v4/users', 'users, attacked by the accounts suite'),
  out('GET /api/v4/users/:id', 'users, attacked by the accounts suite'),
  out('GET /api/v4/personal_access_tokens', 'tokens, attacked by the accounts suite'),
  out('GET /api/v4/personal_access_tokens/self', 'tokens, attacked by the accounts suite'),
  out('GET /api/v4/personal_access_tokens/:id', 'tokens, attacked by the accounts suite'),
  out('DELETE /api/v4/personal_access_tokens/self', 'tokens, attacked by the accounts suite'),
  out('DELETE /api/v4/personal_access_tokens/:id', 'tokens, attacked by the accounts suite'),
  out('POST /api/v4/user/personal_access_tokens', 'tokens, attacked by the accounts suite'),
  out('POST /api/v4/users/:user_id/personal_access_tokens', 'tokens, attacked by the accounts suite'),
  out('GET /api/v4/application/settings', 'instance settings (admin only)'),
  out('PUT /api/v4/application/settings', 'instance settings (admin only)'),
  out('GET /api/graphql', 'the GraphQL endpoint: its fields are in graphql-catalogue.ts'),
  out('POST /api/graphql', 'the GraphQL endpoint: its fields are in graphql-catalogue.ts'),
  out('GET /-/autocomplete/users.json', 'users, attacked by the accounts suite'),
  out('GET /-/autocomplete/award_emojis', 'the emoji list, public'),
  out('GET /-/autocomplete/merge_request_target_branches.json', 'merge requests, not in the matrix brief'),
  out('GET /-/autocomplete/merge_request_source_branches.json', 'merge requests, not in the matrix brief'),
  ...moderationOutOfScope,
  ...geoOutOfScope,
  ...projectFilesOutOfScope,
  ...deploymentOutOfScope,
  ...statusCheckOutOfScope,
  ...vulnerabilityOutOfScope,
  ...incidentOutOfScope,
  ...ldapOutOfScope,
];

/** Page-JSON autocomplete routes are registered once per path depth; one rule covers them all. */
export const restOutOfScopePatterns: { pattern: RegExp; reason: string }[] = [
  { pattern: /^GET \/(groups\/)?(:s\d+\/)+-\/:resource\(/, reason: autocompleteReason },
  {
    pattern: /^GET \/(groups\/)?[:s\d/]+-\/autocomplete_sources\/:source\(/,
    reason:
      'Markdown autocomplete sources: each source is its suggestion service over the policy SQL scopes; hidden, confidential and banned-author items are attacked in modules/autocomplete/gfm-sources.rest.test.ts',
  },
  {
    pattern: /^GET \/:s0\/:s1\/[:s\d/]+-\/issues\/:iid\/realtime_changes$/,
    reason: 'realtime_changes of projects in subgroups: the same handler as the two-segment path the matrix attacks',
  },
  {
    pattern: /^GET \/groups\/:s0\/[:s\d/]+-\/epics\/:iid\/realtime_changes$/,
    reason: 'realtime_changes of epics in subgroups: the same handler as the one-segment path the matrix attacks',
  },
  {
    pattern: /^(GET|PUT|PATCH|DELETE) \/groups\/:s0\/[:s\d/]+-\/epics\/:iid\(/,
    reason: 'the epic page JSON of epics in subgroups: the same handlers as the one-segment path the matrix attacks',
  },
  {
    pattern: /^POST \/groups\/:s0\/[:s\d/]+-\/epics\/:iid\/(issues|links)$/,
    reason:
      'adding epic children by reference in subgroups: the same handler as the one-segment path the matrix attacks',
  },
  {
    pattern: /^DELETE \/groups\/:s0\/[:s\d/]+-\/epics\/:iid\/(issues\/:epic_issue_id|links\/:child_epic_id)$/,
    reason:
      'epic-tree relation paths of epics in subgroups: the same handlers as the one-segment paths the matrix attacks',
  },
  {
    pattern: /^(PUT|PATCH|DELETE|POST) \/:s0\/:s1\/[:s\d/]+-\/issues\/:iid\(/,
    reason:
      'the issue page endpoint of projects in subgroups: the same handlers as the two-segment path the matrix attacks',
  },
  {
    pattern: /^POST \/:s0\/:s1\/-\/issues\/:iid\(/,
    reason:
      "the issue page's delete form (IE-21, a redirect): the same find-confirm-delete as the DELETE the matrix attacks; outsiders, anonymous callers and the CSRF form token are attacked in modules/issues/issue-page.rest.test.ts",
  },
  {
    pattern: /^GET \/(:s0\/:s1\/:s2|groups\/:s0\/:s1)[:s\d/]*\/-\/(issues|epics)\.csv$/,
    reason:
      'the issue and epic CSV exports of deeper project and group paths: the same handlers as the two-segment project and one-segment group paths the matrix attacks',
  },
  {
    pattern: /^GET \/(:s0\/:s1|groups\/:s0)[:s\d/]*\/-\/merge_requests\.csv$/,
    reason:
      "merge requests, not in the matrix brief: the merge request CSV export at every path depth; findProject/findGroup 404 when hidden and the REST list's read scope, attacked in modules/merge-requests/mr-export.rest.test.ts",
  },
  {
    pattern: /^POST \/:s0\/:s1[:s\d/]*\/-\/(issues|merge_requests)\/export_csv$/,
    reason:
      "the emailed CSV export (a queued email to the caller, 422 without SMTP, which the matrix world has none of): 401 anonymous, 404 when the project is hidden, the list's read scope in the attachment; attacked in modules/csv-exports/csv-export-email.rest.test.ts",
  },
  moderationOutOfScopePattern,
  projectUploadsOutOfScopePattern,
  ...importOutOfScopePatterns,
];
