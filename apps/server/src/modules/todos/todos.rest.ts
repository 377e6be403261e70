import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { requireActor } from '../../policy/require-actor';
import { setPaginationHeaders } from '../../rest/pagination';
import { parseIdOrPath, parseInput, parseIntParam } from '../../rest/params';
import { projectNoteable } from '../notes';
import { listTodosSchema } from './todo-params';
import { presentTodos } from './todos.presenter';
import {
  findTodo,
  listTodos,
  markAllTodosDone,
  markForLater,
  markTodoDone,
  markTodoPending,
  pendingTodoCount,
} from './todos.service';

type TodoParams = { id: string };
type IssueParams = { id: string; issue_iid: string };

/** GitLab's to-do API (`/todos`, `/user_counts`, an issue's `/todo`), signed in only. */
export const todosRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const presentOne = async (actor: Parameters<typeof findTodo>[1], id: number) => {
    const [todo] = await presentTodos(ctx, db, [await findTodo(db, actor, id)]);
    return todo;
  };

  app.get('/todos', async (request, reply) => {
    requireActor(request.actor);
    const q = parseInput(listTodosSchema, request.query);
    const { rows, total } = await listTodos(db, request.actor, q);
    setPaginationHeaders(request, reply, q, total);
    return presentTodos(ctx, db, rows);
  });

  app.get('/user_counts', async (request) => ({ todos: await pendingTodoCount(db, request.actor) }));

  app.post('/todos/mark_as_done', async (request, reply) => {
    await markAllTodosDone(db, request.actor);
    return reply.status(204).send();
  });

  for (const [action, mark] of [
    ['mark_as_done', markTodoDone],
    ['mark_as_pending', markTodoPending],
  ] as const) {
    app.post<{ Params: TodoParams }>(`/todos/:id/${action}`, async (request, reply) => {
      const id = await mark(db, request.actor, parseIntParam(request.params.id, 'id'));
      return reply.status(201).send(await presentOne(request.actor, id));
    });
  }

  app.post<{ Params: IssueParams }>('/projects/:id/issues/:issue_iid/todo', async (request, reply) => {
    requireActor(request.actor);
    const iid = parseIntParam(request.params.issue_iid, 'issue_iid');
    const issue = await projectNoteable(db, request.actor, 'issue', parseIdOrPath(request.params.id), iid);
    const { id, created } = await markForLater(db, request.actor, { type: 'Issue', id: issue.id });
    if (!created) return reply.status(304).send();
    return reply.status(201).send(await presentOne(request.actor, id));
  });
};
