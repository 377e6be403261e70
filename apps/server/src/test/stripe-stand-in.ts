import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody } from './read-body';

/**
 * A local stand-in for the few Stripe endpoints the Stripe payment provider calls, in Stripe's
 * documented shapes (form-encoded requests, JSON answers, `{error: {type, code, message}}` failures,
 * `Idempotency-Key` replays), so that no test reaches the internet:
 * - `GET /v1/payment_methods/:id` for Stripe's test payment methods (`pm_card_visa`,
 *   `pm_card_mastercard`, `pm_card_chargeDeclined`) and one of its own, `pm_card_expired`;
 * - `POST /v1/payment_intents` with `confirm=true`: succeeds, or a 402 `card_declined` for a
 *   declining card; either way it then delivers the signed `payment_intent.succeeded` /
 *   `payment_intent.payment_failed` event to the webhook URL, as Stripe does.
 * Every request is recorded; `settled()` waits for the deliveries in flight, `redeliver` sends an
 * event again, as Stripe does when it had no answer.
 */
export interface StripeStandIn {
  /** e.g. http://127.0.0.1:41234, for STRIPE_API_BASE. */
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
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

const YEAR = new Date().getUTCFullYear();
const CARDS: Record<string, { brand: string; last4: string; exp_month: number; exp_year: number; declines?: true }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: YEAR + 3 },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', exp_month: 8, exp_year: YEAR + 2 },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: YEAR + 3, declines: true },
  pm_card_expired: { brand: 'visa', last4: '0069', exp_month: 1, exp_year: YEAR - 1 },
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

interface Answer {
  status: number;
  body: unknown;
}

const stripeError = (status: number, error: Record<string, unknown>): Answer => ({ status, body: { error } });

function paymentMethod(id: string): Answer {
  const card = CARDS[id];
  if (!card) {
    return stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'payment_method',
      message: `No such PaymentMethod: '${id}'`,
    });
  }
  const { declines: _declines, ...details } = card;
  return {
    status: 200,
    body: { id, object: 'payment_method', type: 'card', card: { ...details, country: 'US', funding: 'credit' } },
  };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(8).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
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
    const card = CARDS[methodId];
    if (!card) return paymentMethod(methodId);
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const name = /^metadata\[(\w+)\]$/.exec(key)?.[1];
      if (name) metadata[name] = value;
    }
    const intent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: card.declines ? 0 : amount,
      currency: form.get('currency'),
      description: form.get('description'),
      metadata,
      payment_method: methodId,
      status: card.declines ? 'requires_payment_method' : 'succeeded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    if (card.declines) {
      const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' };
      const message = 'Your card was declined.';
      emit('payment_intent.payment_failed', { ...intent, last_payment_error: { ...error, message } });
      return stripeError(402, { ...error, message, payment_intent: intent });
    }
    emit('payment_intent.succeeded', intent);
    return { status: 200, body: intent };
  }

  function answer(method: string, path: string, form: URLSearchParams): Answer {
    const methodPath = /^\/v1\/payment_methods\/([\w-]+)$/.exec(path);
    if (method === 'GET' && methodPath) return paymentMethod(methodPath[1] as string);
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
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      result = stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    } else if (replay) {
      res.setHeader('idempotent-replayed', 'true');
      result = replay;
    } else {
      result = answer(req.method ?? '', url.pathname, form);
      if (replayKey) replays.set(replayKey, result);
    }
    res.writeHead(result.status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
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
