import type { KeyValue } from './webhook.presenter';

/**
 * The URL a hook is sent to: GitLab's `{name}` placeholders replaced by the hook's URL variables
 * (which keep secrets out of the URL the API answers). Unknown placeholders stay as they are.
 */
export function interpolateHookUrl(url: string, variables: readonly KeyValue[]): string {
  if (variables.length === 0) return url;
  const values = new Map(variables.map((v) => [v.key, v.value]));
  return url.replace(/\{([A-Za-z0-9_]{1,255})\}/g, (whole, key: string) => {
    const value = values.get(key);
    return value === undefined ? whole : encodeURIComponent(value);
  });
}
