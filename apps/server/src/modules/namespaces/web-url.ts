import type { AppContext } from '../../context';

/** The base URL links point at: MERIDIAN_EXTERNAL_URL, or http://localhost:PORT. No trailing slash. */
export function externalBaseUrl(ctx: Pick<AppContext, 'config'>): string {
  const base = ctx.config.MERIDIAN_EXTERNAL_URL ?? `http://localhost:${ctx.config.PORT}`;
  return base.replace(/\/+$/, '');
}

/**
 * GitLab's `web_url`: `${externalUrl}/${path}`, e.g. webUrl(ctx, 'acme/web') →
 * 'http://localhost:3000/acme/web'. Leading slashes on `path` are ignored.
 */
export function webUrl(ctx: Pick<AppContext, 'config'>, path: string): string {
  return `${externalBaseUrl(ctx)}/${path.replace(/^\/+/, '')}`;
}
