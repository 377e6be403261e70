import { TESTABLE_HOOK_TRIGGERS } from '@meridian/domain';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, DomainError } from '../../errors';
import { pageParams } from '../../rest/pagination';
import { parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../rest/params';
import type { HookResult } from './hook-executor';
import { presentHook } from './webhook.presenter';
import { createHook, deleteHook, getHook, HookUrlBlockedError, listHooks, updateHook } from './webhook.service';
import { listHookEvents, resendHookEvent, testHook } from './webhook-events.service';
import { presentHookLog } from './webhook-log.presenter';
import { createHookSchema, updateHookSchema } from './webhook-params';

type HookParams = { id: string; hook_id: string };

const triggerSchema = z.enum(TESTABLE_HOOK_TRIGGERS, {
  message: `must be one of ${TESTABLE_HOOK_TRIGGERS.join(', ')}`,
});

/**
 * GitLab's 422 bodies: `{"message":{"url":["is blocked: …"]}}` for a blocked URL, `{"message": "…"}`
 * for other refusals (render_api_error!), where Meridian's default is `{"error": "…"}`.
 */
async function withGitlab422<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HookUrlBlockedError) {
      return reply.status(422).send({ message: { url: [error.message] } });
    }
    if (error instanceof DomainError && error.code === 'unprocessable') {
      return reply.status(422).send({ message: error.message });
    }
    throw error;
  }
}

/** GitLab answers a failed test or resend with 422 and the reason. */
function failedDelivery(reply: FastifyReply, result: HookResult) {
  return reply.status(422).send({ message: result.message });
}

/** GitLab's Project and Group webhooks APIs (hooks, their recent events, resend, test). */
export const webhooksRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  for (const [prefix, kind] of [
    ['projects', 'project'],
    ['groups', 'group'],
  ] as const) {
    const owner = (raw: string) => parseIdOrPath(raw);
    const hookId = (raw: string) => parseIntParam(raw, 'hook_id');

    app.get<{ Params: { id: string } }>(`/${prefix}/:id/hooks`, async (request) =>
      (await listHooks(db, request.actor, kind, owner(request.params.id))).map((row) => presentHook(row)),
    );
    app.get<{ Params: HookParams }>(`/${prefix}/:id/hooks/:hook_id`, async (request) =>
      presentHook(await getHook(db, request.actor, kind, owner(request.params.id), hookId(request.params.hook_id))),
    );
    app.post<{ Params: { id: string } }>(`/${prefix}/:id/hooks`, async (request, reply) => {
      const input = parseInput(createHookSchema, requestParams(request));
      return withGitlab422(reply, async () =>
        reply.status(201).send(presentHook(await createHook(db, request.actor, kind, owner(request.params.id), input))),
      );
    });
    app.put<{ Params: HookParams }>(`/${prefix}/:id/hooks/:hook_id`, async (request, reply) => {
      const input = parseInput(updateHookSchema, requestParams(request));
      const id = hookId(request.params.hook_id);
      return withGitlab422(reply, async () =>
        presentHook(await updateHook(db, request.actor, kind, owner(request.params.id), id, input)),
      );
    });
    app.delete<{ Params: HookParams }>(`/${prefix}/:id/hooks/:hook_id`, async (request, reply) => {
      await deleteHook(db, request.actor, kind, owner(request.params.id), hookId(request.params.hook_id));
      return reply.status(204).send();
    });
    app.get<{ Params: HookParams }>(`/${prefix}/:id/hooks/:hook_id/events`, async (request) => {
      const page = parseInput(pageParams, request.query);
      const logs = await listHookEvents(
        db,
        request.actor,
        kind,
        owner(request.params.id),
        hookId(request.params.hook_id),
        page,
      );
      return logs.map(presentHookLog);
    });
    app.post<{ Params: HookParams & { hook_log_id: string } }>(
      `/${prefix}/:id/hooks/:hook_id/events/:hook_log_id/resend`,
      async (request, reply) => {
        const result = await resendHookEvent(
          { db, actor: request.actor, config: ctx.services },
          kind,
          owner(request.params.id),
          hookId(request.params.hook_id),
          parseIntParam(request.params.hook_log_id, 'hook_log_id'),
        );
        if (!result.success) return failedDelivery(reply, result);
        return reply.status(201).send({ response_status: result.status });
      },
    );
    app.post<{ Params: HookParams & { trigger: string } }>(
      `/${prefix}/:id/hooks/:hook_id/test/:trigger`,
      async (request, reply) => {
        const parsed = triggerSchema.safeParse(request.params.trigger);
        if (!parsed.success) throw badRequest(`trigger does not have a valid value`, 'trigger');
        return withGitlab422(reply, async () => {
          const result = await testHook(
            { db, actor: request.actor, config: ctx.services },
            kind,
            owner(request.params.id),
            hookId(request.params.hook_id),
            parsed.data,
          );
          if (!result.success) return failedDelivery(reply, result);
          return reply.status(201).send({ message: '201 Created' });
        });
      },
    );
  }
};
