import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RedmineSeed } from './redmine-seed';

/**
 * Recorded answers of the test Redmine, so the importer's fast tests and the browser test run without
 * one: `npm run record:redmine` runs the real-Redmine test with `RECORD_REDMINE=1`, which imports
 * through `recordingProxy` and writes every JSON answer, by path and query, to `recorded-redmine.json`
 * (the key replaced by `RECORDED_KEY`); `replayRedmine` serves them again, answering 401 to another key
 * and 404 to a path never recorded, as Redmine would.
 */

export const RECORDED_KEY = 'recorded-redmine-api-key-0000000000000000';
export const RECORDING = join(dirname(fileURLToPath(import.meta.url)), 'recorded-redmine.json');

export interface Recording {
  note: string;
  seed: RedmineSeed;
  answers: Record<string, unknown>;
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** A proxy in front of Redmine keeping each GET's JSON answer. */
export async function recordingProxy(target: string) {
  const answers = new Map<string, unknown>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const upstream = request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        if (req.method === 'GET' && answer.statusCode === 200 && req.url) {
          answers.set(req.url, JSON.parse(body.toString('utf8')));
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.end(body);
      });
    });
    req.pipe(upstream);
  });
  const url = await listen(server);
  return {
    url,
    save(seed: RedmineSeed, apiKey: string) {
      const recording: Recording = {
        note: 'Answers of the test Redmine (Debian 12, redmine 5.0) recorded by `npm run record:redmine`.',
        seed,
        answers: Object.fromEntries([...answers].sort(([a], [b]) => a.localeCompare(b))),
      };
      writeFileSync(RECORDING, `${JSON.stringify(recording, null, 1).replaceAll(apiKey, RECORDED_KEY)}\n`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function readRecording(): Recording {
  return JSON.parse(readFileSync(RECORDING, 'utf8')) as Recording;
}

/** Serves the recorded answers on a port of this machine. */
export async function replayRedmine(recording: Recording = readRecording()) {
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-redmine-api-key'] !== RECORDED_KEY) return send(401, {});
    const answer = req.method === 'GET' && req.url ? recording.answers[req.url] : undefined;
    if (answer === undefined) return send(404, {});
    return send(200, answer);
  });
  const url = await listen(server);
  return { url, recording, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
