import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A page component loaded on first render from its own chunk: `lazyNamed(() => import('./X'), 'X')`.
 * Render it under a `<Suspense>` (ResourcePage and the router provide one).
 */
// biome-ignore lint/suspicious/noExplicitAny: component props are inferred from the module's export
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
