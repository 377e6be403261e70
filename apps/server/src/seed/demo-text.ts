import type { Random } from './random';

/** Realistic vocabulary for a software team's planning data, per product area. */
export type Area = 'api' | 'storage' | 'web' | 'mobile' | 'security' | 'platform' | 'research';

const subjects: Record<Area, readonly string[]> = {
  api: [
    'issues endpoint',
    'pagination headers',
    'GraphQL resolver',
    'webhook delivery',
    'rate limiter',
    'token scopes',
    'search API',
    'bulk update endpoint',
    'OpenAPI schema',
    'audit event API',
    'project export',
    'job queue',
  ],
  storage: [
    'blob garbage collector',
    'replication lag',
    'object lifecycle rules',
    'multipart uploads',
    'checksum verification',
    'cold storage tier',
    'disk quota accounting',
    'compaction job',
    'snapshot restore',
    'read-through cache',
  ],
  web: [
    'roadmap timeline',
    'issue board',
    'filtered search bar',
    'epic tree',
    'settings page',
    'notifications panel',
    'sidebar navigation',
    'date picker',
    'label selector',
    'markdown editor',
    'dark mode',
    'onboarding tour',
  ],
  mobile: [
    'push notifications',
    'offline mode',
    'login screen',
    'deep links',
    'image upload',
    'widget',
    'app startup time',
    'accessibility labels',
    'in-app review prompt',
    'biometric unlock',
    'crash reporter',
  ],
  security: [
    'dependency scanning',
    'secret detection',
    'SAML sign-in',
    'password policy',
    'session expiry',
    'audit log retention',
    'CSP headers',
    'two-factor recovery codes',
    'access review report',
    'penetration test findings',
  ],
  platform: [
    'Kubernetes upgrade',
    'CI pipeline',
    'database failover',
    'metrics dashboards',
    'log shipping',
    'feature flag service',
    'canary deployments',
    'backup schedule',
    'TLS certificates',
    'on-call runbooks',
  ],
  research: [
    'AI triage prototype',
    'natural language search',
    'usage forecasting',
    'smart scheduling',
    'voice commands',
  ],
};

const bugTemplates = [
  '{s} returns 500 when the request body is empty',
  '{s} is slow for groups with many subgroups',
  '{s} shows stale data after an update',
  'Fix flaky test for {s}',
  '{s} breaks on Safari 17',
  '{s} ignores the time zone of the user',
  'Race condition in {s}',
  '{s} leaks memory under load',
  'Wrong translation strings in {s}',
  '{s} times out on large projects',
];
const featureTemplates = [
  'Add filtering by label to {s}',
  'Support keyboard shortcuts in {s}',
  'Allow bulk editing in {s}',
  'Improve empty state of {s}',
  'Add metrics for {s}',
  'Make {s} configurable per group',
  'Document {s}',
  'Add pagination to {s}',
  'Show progress in {s}',
  'Export {s} data as CSV',
];
const maintenanceTemplates = [
  'Refactor {s} into smaller modules',
  'Upgrade dependencies of {s}',
  'Remove deprecated code in {s}',
  'Add integration tests for {s}',
  'Reduce bundle size of {s}',
  'Clean up feature flag for {s}',
];
const incidentTemplates = [
  'Incident: {s} degraded in production',
  'Incident: elevated error rate on {s}',
  'Incident: {s} unavailable for EU customers',
];
const taskTemplates = [
  'Write design doc for {s}',
  'Review alerts for {s}',
  'Pair on {s} rollout plan',
  'Update runbook for {s}',
];

export type IssueKind = 'bug' | 'feature' | 'maintenance' | 'incident' | 'task';

export function issueTitle(random: Random, area: Area, kind: IssueKind): string {
  const templates =
    kind === 'bug'
      ? bugTemplates
      : kind === 'feature'
        ? featureTemplates
        : kind === 'maintenance'
          ? maintenanceTemplates
          : kind === 'incident'
            ? incidentTemplates
            : taskTemplates;
  const subject = random.pick(subjects[area]);
  const title = random.pick(templates).replace('{s}', () => subject);
  return title.charAt(0).toUpperCase() + title.slice(1);
}

const checklists = [
  ['Design review', 'Backend changes', 'Frontend changes'],
  ['Backend changes', 'Documentation', 'Feature flag'],
  ['Design review', 'Frontend changes', 'Tests'],
  ['Backend changes', 'Tests', 'Documentation'],
];

/** A markdown template with a `{title}` slot (few distinct templates, so their HTML can be cached). */
export function issueDescription(random: Random, kind: IssueKind): string {
  if (random.chance(0.15)) return '';
  if (kind === 'bug' || kind === 'incident') {
    return [
      '## Summary',
      '',
      '{title}. Reported by a customer and reproduced on the latest release.',
      '',
      '### Steps to reproduce',
      '',
      '1. Sign in as a user with the Developer role',
      `2. Open the ${random.pick(['project', 'group', 'dashboard'])} page`,
      '3. Trigger the action described above',
      '',
      '### Expected behaviour',
      '',
      random.pick(['The page loads in under a second.', 'No error is shown.', 'The data is up to date.']),
    ].join('\n');
  }
  const done = random.int(0, 3);
  return [
    '## Problem to solve',
    '',
    `{title}. ${random.pick(['Customers asked for this in several support tickets.', 'This unblocks the next release.', 'Teams spend too much time working around this today.'])}`,
    '',
    '## Proposal',
    '',
    ...random.pick(checklists).map((item, i) => `- [${i < done ? 'x' : ' '}] ${item}`),
  ].join('\n');
}

const epicThemes: Record<Area, readonly string[]> = {
  api: ['API v5', 'Public webhooks', 'GraphQL coverage', 'API rate limiting', 'Bulk operations', 'Developer portal'],
  storage: ['Geo replication', 'Storage cost reduction', 'Object storage migration', 'Backup and restore'],
  web: ['Roadmap redesign', 'Accessible UI', 'Work items', 'Navigation refresh', 'Performance budget', 'Design system'],
  mobile: ['Mobile offline support', 'Mobile onboarding', 'Tablet layouts', 'Release automation'],
  security: ['SOC 2 compliance', 'Zero trust access', 'Vulnerability management', 'SSO for enterprises'],
  platform: ['Multi-region hosting', 'Observability', 'Cost efficiency', 'Database scaling', 'Zero-downtime deploys'],
  research: ['Project Falcon', 'Assistant beta', 'Planning insights'],
};
const epicPhases = [
  'Discovery',
  'MVC',
  'Beta',
  'General availability',
  'Iteration 2',
  'Hardening',
  'Rollout',
  'Follow-ups',
];

export function epicTitle(random: Random, area: Area, depth: number): string {
  const theme = random.pick(epicThemes[area]);
  if (depth === 1) return random.chance(0.5) ? theme : `${theme}: ${random.pick(['FY plan', 'strategy', 'program'])}`;
  return `${theme}: ${random.pick(epicPhases)}${depth >= 3 ? ` - ${random.pick(subjects[area])}` : ''}`;
}

/** A markdown template with a `{title}` slot. */
export function epicDescription(random: Random): string {
  return [
    '## Goal',
    '',
    `{title}. ${random.pick(['Success means fewer support tickets.', 'We measure adoption weekly.', 'Tracked in the quarterly OKRs.'])}`,
    '',
    '## Exit criteria',
    '',
    '- Rolled out to all customers',
    '- Documentation published',
  ].join('\n');
}

export const userComments = [
  'I can reproduce this on staging.',
  'Looks good to me :thumbsup:',
  'Can we split this into two smaller changes?',
  'This is blocked until the migration lands.',
  'Added a test for the edge case, please take another look.',
  'Moving this to the next milestone, we ran out of time.',
  'Customer confirmed the fix works for them.',
  'Do we have metrics on how often this happens?',
  'I think the **root cause** is the cache invalidation.',
  'Design is ready for review, see the attached mock-ups.',
  '`npm test` passes locally, CI is still running.',
  'Please update the documentation as well.',
  'Let us discuss this in the next planning meeting.',
  'Nice work! :tada:',
];
