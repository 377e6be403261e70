import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./gitlab_webhook_consumer.py', import.meta.url));

/**
 * Starts the Python GitLab webhook consumer (gitlab_webhook_consumer.py) with `secret` as its expected
 * X-Gitlab-Token; `events()` are the JSON lines it printed, one per request.
 */
export function startGitlabWebhookConsumer(secret: string): Promise<{
  url: string;
  events: () => Array<Record<string, unknown>>;
  stop: () => void;
}> {
  const child: ChildProcess = spawn('python3', [SCRIPT, secret], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let errors = '';
  let started = false;
  child.stderr?.on('data', (c: Buffer) => {
    errors += c.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`consumer did not start: ${errors}`)), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening on (\d+)/.exec(output)?.[1];
      if (port && !started) {
        started = true;
        clearTimeout(timer);
        resolve({
          url: `http://127.0.0.1:${port}/gitlab`,
          events: () =>
            output
              .split('\n')
              .filter((line) => line.startsWith('{'))
              .map((line) => JSON.parse(line) as Record<string, unknown>),
          stop: () => child.kill('SIGTERM'),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`consumer exited with ${code}: ${errors}`)));
  });
}
