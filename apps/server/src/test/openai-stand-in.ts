import { createServer, type Server, type ServerResponse } from 'node:http';
import { readBody } from './read-body';

/**
 * A local stand-in for an OpenAI-compatible provider (OpenAI's documented REST protocol), for the
 * AI tests: `GET /v1/models`, `POST /v1/chat/completions` (JSON, or server-sent events with `stream: true`),
 * `/v1/completions`, `/v1/embeddings`. Answers are derived from the request (the chat reply echoes
 * the last message), every request is recorded, and a streamed answer can be held after its first
 * event until `releaseStream()`, so a test can see events arrive before the answer ends.
 * `replyNext(text)` queues the content of the next chat replies instead of the echo (a model's
 * choice, or a hostile answer).
 */
export interface OpenAiStandIn {
  /** e.g. http://127.0.0.1:41234/v1 */
  baseUrl: string;
  requests: Array<{ path: string; authorization: string | undefined; body: Record<string, unknown> }>;
  holdStreams(): void;
  replyNext(...texts: string[]): void;
  releaseStream(): void;
  close(): Promise<void>;
}

const ERROR_MODEL = 'no-such-model';

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function openAiError(res: ServerResponse, status: number, message: string, param: string | null, code: string) {
  json(res, status, { error: { message, type: 'invalid_request_error', param, code } });
}

function lastMessageText(body: Record<string, unknown>): string {
  const messages = body.messages as Array<{ content: unknown }>;
  const content = messages[messages.length - 1]?.content;
  return typeof content === 'string' ? content : JSON.stringify(content);
}

/** A small deterministic vector per text: letter counts folded into 8 numbers. */
function embed(text: string): number[] {
  const v = new Array(8).fill(0);
  for (let i = 0; i < text.length; i++) v[i % 8] += text.charCodeAt(i) / 1000;
  return v.map((x) => Math.round(x * 1000) / 1000);
}

/** `port`: a fixed one (the e2e server's `AI_BASE_URL` names it before it starts); else any free one. */
export async function startOpenAiStandIn(port = 0): Promise<OpenAiStandIn> {
  const requests: OpenAiStandIn['requests'] = [];
  const replies: string[] = [];
  let hold: Promise<void> | null = null;
  let release: () => void = () => undefined;

  async function stream(res: ServerResponse, model: string, words: string[]) {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    const event = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({
        id: 'chatcmpl-standin',
        object: 'chat.completion.chunk',
        created: 1_700_000_000,
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    res.write(event({ role: 'assistant', content: '' }, null));
    if (hold) await hold;
    for (const word of words) res.write(event({ content: word }, null));
    res.write(event({}, 'stop'));
    res.end('data: [DONE]\n\n');
  }

  const server: Server = createServer(async (req, res) => {
    // OpenAI's model list: what a readiness check asks.
    if (req.method === 'GET' && req.url === '/v1/models') {
      return json(res, 200, {
        object: 'list',
        data: [{ id: 'stand-in-model', object: 'model', owned_by: 'stand-in' }],
      });
    }
    const raw = await readBody(req);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return openAiError(res, 400, 'We could not parse the JSON body of your request.', null, 'invalid_json');
    }
    const path = (req.url ?? '').replace(/^\/v1/, '');
    requests.push({ path, authorization: req.headers.authorization, body });
    const model = String(body.model ?? '');
    if (req.method !== 'POST') return openAiError(res, 405, 'Method not allowed', null, 'method_not_allowed');
    if (model === ERROR_MODEL) {
      return openAiError(res, 404, `The model \`${model}\` does not exist`, 'model', 'model_not_found');
    }
    const usage = { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 };
    if (path === '/chat/completions') {
      const reply = replies.shift() ?? `Echo: ${lastMessageText(body)}`;
      if (body.stream === true) return stream(res, model, reply.split(/(?= )/));
      return json(res, 200, {
        id: 'chatcmpl-standin',
        object: 'chat.completion',
        created: 1_700_000_000,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
        usage,
      });
    }
    if (path === '/completions') {
      const prompt = Array.isArray(body.prompt) ? body.prompt.join(' ') : String(body.prompt);
      return json(res, 200, {
        id: 'cmpl-standin',
        object: 'text_completion',
        created: 1_700_000_000,
        model,
        choices: [{ index: 0, text: ` completes: ${prompt}`, logprobs: null, finish_reason: 'stop' }],
        usage,
      });
    }
    if (path === '/embeddings') {
      const inputs = Array.isArray(body.input) ? (body.input as string[]) : [String(body.input)];
      return json(res, 200, {
        object: 'list',
        data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: embed(text) })),
        model,
        usage: { prompt_tokens: 3, total_tokens: 3 },
      });
    }
    return openAiError(res, 404, `Invalid URL (POST /v1${path})`, null, 'unknown_url');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const listening = address && typeof address === 'object' ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${listening}/v1`,
    requests,
    replyNext: (...texts) => {
      replies.push(...texts);
    },
    holdStreams: () => {
      hold = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    releaseStream: () => {
      release();
      hold = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { ERROR_MODEL };
