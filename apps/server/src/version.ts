import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let cached: { version: string; revision: string } | undefined;

/** `{version, revision}` as GitLab's /version answers: package version and git commit when known. */
export function appVersion(): { version: string; revision: string } {
  if (cached) return cached;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  let revision = process.env.MERIDIAN_REVISION ?? 'unknown';
  if (revision === 'unknown') {
    try {
      revision = execFileSync('git', ['rev-parse', '--short=11', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      // not a git checkout: keep 'unknown'
    }
  }
  cached = { version: pkg.version, revision };
  return cached;
}
