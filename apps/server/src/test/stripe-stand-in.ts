import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody } from './read-body';
import { cardFromForm, READY_METHODS, type StandInCard } from './stripe-stand-in-cards';

/**
 * A local stand-in for the few Stripe endpoints Meridian's card payments use, in Stripe's
 * documented shapes (form-encoded requests, JSON answers, `{error: {type, code, message}}` failures,
 * `Idempotency-Key` replays), so that no test reaches the internet:
 * - `POST /v1/payment_methods` (what Stripe.js's `createPaymentMethod` sends from the browser, with
 *   the publishable key): a card PaymentMethod from Stripe's test card numbers, or a 402
 *   `card_error` for a wrong number, expiry or CVC (`stripe-stand-in-cards.ts`); answered with
 *   `Access-Control-Allow-Origin: *`, as Stripe's API is called from any page;
 * - `GET /v1/payment_methods/:id` for those and Stripe's test payment methods (`pm_card_visa`,
 *   `pm_card_mastercard`, `pm_card_chargeDeclined`) and one of its own, `pm_card_expired`;
 * - `POST /v1/payment_intents` with `confirm=true`: succeeds, or a 402 `card_declined` (or the
 *   card's own decline) for a declining card; either way it then delivers the signed
 *   `payment_intent.succeeded` / `payment_intent.payment_failed` event to the webhook URL, as Stripe does.
 * Every request is recorded; `settled()` waits for the deliveries in flight, `redeliver` sends an
 * event again, as Stripe does when it had no answer. The card checkout's e2e starts it, with fixed
 * keys, beside a Meridian configured for it (`e2e/tests/stripe-checkout.ts`).
 */
export interface StripeStandIn {
  /** e.g. http://127.0.0.1:41234, for STRIPE_API_BASE. */
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
  /** The key the browser's Stripe.js creates PaymentMethods with (STRIPE_PUBLISHABLE_KEY). */
  publishableKey: string;
  requests: Array<{ method: string; path: string; idempotencyKey?: string; form: URLSearchParams }>;
  events: StripeEvent[];
  /** Where events are delivered (the server's `/-/subscriptions/stripe_webhook`). */
  deliverTo(url: string): void;
  /** The answers to the deliveries so far, once those in flight have arrived. */
  settled(): Promise<Array<{ eventId: string; status: number; body: string }>>;
  redeliver(eventId: string): Promise<void>;
  /** A `Stripe-Signature` header for a payload, as Stripe computes it (scheme v1, HMAC-SHA256). */
  sign(payload: string, secret?: string): string;
  close(): Promise<void>;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string | null;
  data: { object: Record<string, unknown> };
}

/** Stripe's API answers every origin (Stripe.js calls it from the merchant's page). */
const CORS_PREFLIGHT = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
  'access-control-max-age': '300',
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

interface Answer {
  status: number;
  body: unknown;
}

const stripeError = (status: number, error: Record<string, unknown>): Answer => ({ status, body: { error } });

const missingMethod = (id: string): Answer =>
  stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'payment_method',
    message: `No such PaymentMethod: '${id}'`,
  });

function paymentMethodAnswer(id: string, card: StandInCard | undefined): Answer {
  if (!card) return missingMethod(id);
  const { decline: _decline, ...details } = card;
  return {
    status: 200,
    body: { id, object: 'payment_method', type: 'card', card: { ...details, country: 'US', funding: 'credit' } },
  };
}

export interface StripeStandInOptions {
  /** A fixed port (a server started beside it names it first); else any free one. */
  port?: number;
  /** Fixed keys (a separately started server is configured with them); else random ones. */
  secretKey?: string;
  webhookSecret?: string;
  publishableKey?: string;
}

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(8).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const publishableKey = options.publishableKey ?? `pk_test_${randomBytes(8).toString('hex')}`;
  const methods = new Map<string, StandInCard>(Object.entries(READY_METHODS));
  const requests: StripeStandIn['requests'] = [];
  const events: StripeEvent[] = [];
  const replays = new Map<string, Answer>();
  const deliveries: Array<Promise<{ eventId: string; status: number; body: string }>> = [];
  let webhookUrl = '';

  const sign = (payload: string, secret = webhookSecret) => {
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
    return `t=${t},v1=${v1}`;
  };
  const deliver = (event: StripeEvent) => {
    const payload = JSON.stringify(event, null, 2);
    const sent = fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': sign(payload) },
      body: payload,
    }).then(async (res) => ({ eventId: event.id, status: res.status, body: await res.text() }));
    deliveries.push(sent);
  };
  const emit = (type: string, object: Record<string, unknown>) => {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      api_version: '2026-10-28.endive',
      data: { object },
    };
    events.push(event);
    // After the answer, as Stripe: the event may arrive while the charge's caller is still busy.
    setImmediate(() => deliver(event));
  };

  function createPaymentIntent(form: URLSearchParams): Answer {
    const methodId = form.get('payment_method') ?? '';
    const amount = Number(form.get('amount'));
    if (!Number.isInteger(amount) || amount < 50 || amount > 99_999_999) {
      return stripeError(400, { type: 'invalid_request_error', param: 'amount', message: 'Invalid integer: amount' });
    }
    const card = methods.get(methodId);
    if (!card) return missingMethod(methodId);
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const name = /^metadata\[(\w+)\]$/.exec(key)?.[1];
      if (name) metadata[name] = value;
    }
    const intent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: card.decline ? 0 : amount,
      currency: form.get('currency'),
      description: form.get('description'),
      metadata,
      payment_method: methodId,
      status: card.decline ? 'requires_payment_method' : 'succeeded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    if (card.decline) {
      const error = { type: 'card_error', ...card.decline };
      emit('payment_intent.payment_failed', { ...intent, last_payment_error: error });
      return stripeError(402, { ...error, payment_intent: intent });
    }
    emit('payment_intent.succeeded', intent);
    return { status: 200, body: intent };
  }

  /** Stripe.js's `createPaymentMethod`: a card PaymentMethod, or Stripe's `card_error`. */
  function createPaymentMethod(form: URLSearchParams): Answer {
    if (form.get('type') !== 'card') {
      return stripeError(400, { type: 'invalid_request_error', param: 'type', message: 'Invalid type: must be card' });
    }
    const card = cardFromForm(form);
    if (!('brand' in card)) return stripeError(402, { type: 'card_error', ...card });
    const id = newId('pm');
    methods.set(id, card);
    return paymentMethodAnswer(id, card);
  }

  function answer(method: string, path: string, form: URLSearchParams): Answer {
    const methodPath = /^\/v1\/payment_methods\/([\w-]+)$/.exec(path);
    if (method === 'GET' && methodPath) {
      const id = methodPath[1] as string;
      return paymentMethodAnswer(id, methods.get(id));
    }
    if (method === 'POST' && path === '/v1/payment_methods') return createPaymentMethod(form);
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(form);
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const form = new URLSearchParams(req.method === 'GET' ? url.search : await readBody(req));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, form });
    let result: Answer;
    const replayKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    // Stripe.js sends the publishable key in the form (`key`); it may only create PaymentMethods.
    const publishable =
      req.method === 'POST' &&
      url.pathname === '/v1/payment_methods' &&
      (form.get('key') === publishableKey || req.headers.authorization === `Bearer ${publishableKey}`);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_PREFLIGHT);
      res.end();
      return;
    }
    if (req.headers.authorization !== `Bearer ${secretKey}` && !publishable) {
      result = stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    } else if (replay) {
      res.setHeader('idempotent-replayed', 'true');
      result = replay;
    } else {
      result = answer(req.method ?? '', url.pathname, form);
      if (replayKey) replays.set(replayKey, result);
    }
    res.writeHead(result.status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      'access-control-allow-origin': '*',
    });
    res.end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    publishableKey,
    requests,
    events,
    deliverTo: (url) => {
      webhookUrl = url;
    },
    settled: async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return Promise.all(deliveries);
    },
    redeliver: async (eventId) => {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      deliver(event);
      await Promise.all(deliveries);
    },
    sign,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
