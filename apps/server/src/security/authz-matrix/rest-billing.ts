import type { CellInput, RestEntry } from './catalogue-types';
import type { Outcome } from './oracle';
import { entry, G } from './rest-catalogue-helpers';

/**
 * The billing screens' reads (IE-50 … IE-52, IE-56, the billing page's orders, the admin orders
 * page). Every space's group is top-level, as billing needs. GitLab's namespaces and members APIs
 * authenticate first (401 before any lookup), then hide a group the caller may not read (404), then
 * refuse a non-Owner: 403 for the subscription, 400 for billable members (as GitLab's EE members
 * API answers), 404 for orders (nothing about a purchase leaks). The writes (buying, the admin's
 * plan changes, removing a billable member) change seats and memberships the other cells rely on:
 * their own suites attack them (see rest-catalogue.ts).
 */
const ownersOnly =
  (refusal: Outcome) =>
  (c: CellInput): Outcome => {
    if (c.o.anonymous) return 'unauthorized';
    if (!c.o.group('read_group')) return 'hidden';
    return c.o.group('admin_group') ? 'ok' : refusal;
  };

const NS = (c: CellInput) => `/api/v4/namespaces/${c.b.space.group.id}`;
/** The billable member the per-member calls ask about: the space's Owner principal. */
const OWNER = (c: CellInput) => c.b.space.ownerId;

export const billingEntries: RestEntry[] = [
  entry(
    'GET',
    '/api/v4/namespaces/:id/gitlab_subscription',
    'plain',
    (c) => `${NS(c)}/gitlab_subscription`,
    ownersOnly('forbidden'),
  ),
  entry(
    'GET',
    '/api/v4/namespaces/:id/subscription_orders',
    'plain',
    (c) => `${NS(c)}/subscription_orders`,
    ownersOnly('hidden'),
  ),
  entry(
    'GET',
    '/api/v4/groups/:id/billable_members',
    'plain',
    (c) => `${G(c)}/billable_members`,
    ownersOnly('refused'),
    {
      listed: { text: (c) => `"id":${OWNER(c)},`, visible: () => true },
    },
  ),
  entry(
    'GET',
    '/api/v4/groups/:id/billable_members/:user_id/memberships',
    'plain',
    (c) => `${G(c)}/billable_members/${OWNER(c)}/memberships`,
    ownersOnly('refused'),
  ),
  entry(
    'GET',
    '/api/v4/groups/:id/billable_members/:user_id/indirect',
    'plain',
    (c) => `${G(c)}/billable_members/${OWNER(c)}/indirect`,
    ownersOnly('refused'),
  ),
  entry(
    'GET',
    '/api/v4/admin/subscription_orders',
    'plain',
    () => '/api/v4/admin/subscription_orders',
    (c) => {
      if (c.o.anonymous) return 'unauthorized';
      return c.o.admin ? 'ok' : 'forbidden';
    },
  ),
];
