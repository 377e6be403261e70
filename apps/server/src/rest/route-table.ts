import type { FastifyInstance, RouteOptions } from 'fastify';

/** One registered route, as Fastify saw it: the method and the full URL pattern (prefix included). */
export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, filled by `collectRoutes`; the attack suite walks it. */
    routeTable: RouteEntry[];
  }
}

/**
 * Records every route as it is registered (Fastify's `onRoute` hook), so that tests can compare
 * the app's real route table with what they cover. Must be called before any route is added.
 */
export function collectRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method: String(method), url: route.url });
  });
}
