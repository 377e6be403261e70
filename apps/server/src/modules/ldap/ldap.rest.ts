import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { badGateway, DomainError } from '../../errors';
import { requireActor } from '../../policy/require-actor';
import { parseIdOrPath, parseInput, requestParams } from '../../rest/params';
import { findGroup } from '../namespaces';
import { presentLdapGroup, presentLdapGroupLink } from './ldap.presenter';
import { LDAP_PROVIDER, type LdapSettings, ldapSettings, searchLdapGroups } from './ldap-directory';
import {
  assertLdapAdminAccess,
  assertMayAdminGroup,
  createLdapGroupLink,
  deleteLdapGroupLink,
  listLdapGroupLinks,
} from './ldap-group-links.service';
import { createLdapGroupLinkParams, deleteLdapGroupLinkParams, ldapGroupSearchParams } from './ldap-params';
import { syncLdapGroupLinks } from './ldap-sync.service';

/** GitLab's limit on an LDAP group search. */
const GROUP_SEARCH_LIMIT = 20;

/**
 * IE-72: GitLab's LDAP API. `GET /ldap/groups` and `GET /ldap/:provider/groups(.json)` search the
 * LDAP server's groups by cn prefix (administrators and group owners); `/groups/:id/ldap_group_links`
 * lists, adds and removes a group's links (its owners).
 */
export const ldapRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const settings = ldapSettings(ctx.config);
  const providers = settings ? [LDAP_PROVIDER] : [];

  const serverOf = (provider: string): LdapSettings => {
    if (!settings || provider !== LDAP_PROVIDER) throw new DomainError('not_found', '404 LDAP provider Not Found');
    return settings;
  };
  const searchGroups = async (request: FastifyRequest, provider: string) => {
    assertLdapAdminAccess(request.actor);
    const server = serverOf(provider);
    const params = parseInput(ldapGroupSearchParams, request.query);
    const limit = Math.min(params.per_page ?? GROUP_SEARCH_LIMIT, GROUP_SEARCH_LIMIT);
    try {
      return (await searchLdapGroups(server, params.search, limit)).map(presentLdapGroup);
    } catch (error) {
      request.log.warn({ err: error }, 'LDAP group search failed');
      throw badGateway('502 LDAP server unavailable');
    }
  };

  app.get('/ldap/groups', async (request) => searchGroups(request, LDAP_PROVIDER));
  for (const path of ['/ldap/:provider/groups', '/ldap/:provider/groups.json']) {
    app.get<{ Params: { provider: string } }>(path, async (request) => searchGroups(request, request.params.provider));
  }

  // GitLab's `before { authenticate! }`: 401 for anonymous before the group is looked up.
  const group = (request: FastifyRequest<{ Params: { id: string } }>) => {
    requireActor(request.actor);
    return findGroup(db, request.actor, parseIdOrPath(request.params.id));
  };

  app.get<{ Params: { id: string } }>('/groups/:id/ldap_group_links', async (request) =>
    (await listLdapGroupLinks(db, request.actor, await group(request))).map(presentLdapGroupLink),
  );
  app.post<{ Params: { id: string } }>('/groups/:id/ldap_group_links', async (request, reply) => {
    const target = await group(request);
    const input = parseInput(createLdapGroupLinkParams, requestParams(request));
    const row = await createLdapGroupLink(db, request.actor, target, input, providers);
    return reply.status(201).send(presentLdapGroupLink(row));
  });
  app.delete<{ Params: { id: string } }>('/groups/:id/ldap_group_links', async (request, reply) => {
    const target = await group(request);
    const link = parseInput(deleteLdapGroupLinkParams, requestParams(request));
    await deleteLdapGroupLink(db, request.actor, target, link);
    return reply.status(204).send();
  });
  app.delete<{ Params: { id: string; cn: string } }>('/groups/:id/ldap_group_links/:cn', async (request, reply) => {
    await deleteLdapGroupLink(db, request.actor, await group(request), { cn: request.params.cn.slice(0, 255) });
    return reply.status(204).send();
  });
  app.delete<{ Params: { id: string; provider: string; cn: string } }>(
    '/groups/:id/ldap_group_links/:provider/:cn',
    async (request, reply) => {
      const { provider, cn } = request.params;
      await deleteLdapGroupLink(db, request.actor, await group(request), {
        cn: cn.slice(0, 255),
        provider: provider.slice(0, 255),
      });
      return reply.status(204).send();
    },
  );

  // GitLab's "Sync group with LDAP": the group's links now, for its owners; 404 without LDAP.
  app.post<{ Params: { id: string } }>('/groups/:id/ldap_sync', async (request, reply) => {
    const target = await group(request);
    assertMayAdminGroup(request.actor, target);
    if (!settings) throw new DomainError('not_found', '404 Not Found');
    try {
      await syncLdapGroupLinks(db, settings, { groupId: target.id });
    } catch (error) {
      request.log.warn({ err: error }, 'LDAP group sync failed');
      throw badGateway('502 LDAP server unavailable');
    }
    return reply.status(202).send({ message: '202 Accepted' });
  });
};
