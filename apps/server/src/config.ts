import { z } from 'zod';

/** Published in the README: fine on loopback, refused at boot when HOST is reachable from elsewhere. */
export const DEFAULT_DEMO_PASSWORD = 'meridian-demo';

/** `incoming+%{key}@example.com`: one `%{key}` in the local part, a domain after the @. */
const INCOMING_EMAIL_PATTERN = /^[^\s@%]*%\{key\}[^\s@%]*@[^\s@]+$/;

/** What `meridian start` runs (MERIDIAN_ROLE, `--role`). */
export const SERVER_ROLES = ['all', 'web', 'worker'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];
/** Whether this process runs the background workers (outbox deliveries, clean-ups). */
export const runsBackgroundWorkers = (config: { MERIDIAN_ROLE: ServerRole }) => config.MERIDIAN_ROLE !== 'web';
const optionalSecret = z.preprocess((value) => (value === '' ? undefined : value), z.string().max(255).optional());

/** Every environment variable Meridian reads, validated once at boot. Listed in the README too. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  // 'off' sends every statement unnamed: for a transaction-mode PgBouncer older than 1.21 in front of
  // PostgreSQL, which can't route named prepared statements (db/prepared-statements.ts).
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  // Where live events are LISTENed for (one session per process); default DATABASE_URL. Set it to
  // PostgreSQL itself (or a session-mode pool) when DATABASE_URL is a transaction-mode PgBouncer.
  DATABASE_LISTEN_URL: z.string().url().max(2048).optional(),
  // Read replicas (streaming standbys of DATABASE_URL), comma-separated: reads go to them once they
  // have replayed the reader's own last write (docs/SCALING.md, "Read replicas").
  DATABASE_REPLICA_URLS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.split(',').map((u) => u.trim()) : undefined),
    z.array(z.string().url().max(2048)).max(16).optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  // Where uploaded files (incident metric images) are kept; default DATA_DIR/uploads.
  UPLOADS_DIR: z.string().max(4096).optional(),
  // Or an S3-compatible object store, which every process shares (docs/SCALING.md): set the bucket,
  // the keys and, for a store other than AWS (MinIO, Ceph, Garage, R2), its endpoint.
  OBJECT_STORAGE_BUCKET: z.preprocess((value) => (value === '' ? undefined : value), z.string().max(255).optional()),
  OBJECT_STORAGE_ENDPOINT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().url().max(2048).optional(),
  ),
  OBJECT_STORAGE_REGION: z.string().max(64).default('us-east-1'),
  OBJECT_STORAGE_ACCESS_KEY_ID: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().max(256).optional(),
  ),
  OBJECT_STORAGE_SECRET_ACCESS_KEY: optionalSecret,
  // Path-style addresses (https://host/bucket/key), which most self-hosted stores need.
  OBJECT_STORAGE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  MERIDIAN_ROOT_PASSWORD: z.string().min(8).optional(),
  MERIDIAN_DEMO_PASSWORD: z.string().min(8).default(DEFAULT_DEMO_PASSWORD),
  // Default: 'demo' on the embedded database (the try-out), 'none' with DATABASE_URL (see loadConfig).
  MERIDIAN_SEED: z.enum(['demo', 'none']).optional(),
  MERIDIAN_EXTERNAL_URL: z.string().url().optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(525600).default(10080),
  // Rate-limit counters: in Redis when set (e.g. redis://127.0.0.1:6379), else in the database.
  REDIS_URL: z.string().url().optional(),
  // 'off' turns every rate limit off; unset means on, except under NODE_ENV=test (the test harness).
  RATE_LIMITS: z.enum(['on', 'off']).optional(),
  // Trust X-Forwarded-* only behind a known proxy; otherwise a client could spoof its address
  // and escape the sign-in rate limit. 'true' or comma-separated addresses/CIDRs.
  TRUST_PROXY: z.string().default('false'),
  // GitLab's incoming_email address: `%{key}` is replaced by each issue's key (Copy issue email address).
  INCOMING_EMAIL_ADDRESS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .max(254)
      .regex(INCOMING_EMAIL_PATTERN, 'must be an email address with %{key} once before the @')
      .optional(),
  ),
  // Email notifications: sent through this SMTP server (smtp://user:pass@host:587, smtps://… for TLS)
  // when set; unset, no notification email is queued at all.
  SMTP_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .max(2048)
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  // The From of notification emails; default: Meridian <meridian@host of MERIDIAN_EXTERNAL_URL>.
  SMTP_FROM: z.string().max(255).optional(),
  // How often each process looks for queued notification emails (milliseconds).
  SMTP_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1000),
  // How often each process looks for due webhook deliveries (milliseconds).
  WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1000),
  // How often each process looks for import jobs to run or resume (milliseconds).
  IMPORT_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1000),
  // The largest import file the API takes (a group export archive), in MiB; it is written to a
  // temporary file as it arrives, never held in memory.
  IMPORT_MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(1_048_576).default(5120),
  // AI features (IE-81/82): an OpenAI-compatible provider (OpenAI, Ollama, vLLM, llama.cpp server), e.g.
  // https://api.openai.com/v1 or http://127.0.0.1:11434/v1. Unset: the AI endpoints answer 503.
  AI_BASE_URL: z.preprocess((value) => (value === '' ? undefined : value), z.string().url().max(2048).optional()),
  // Sent as `Authorization: Bearer …` when set (local servers usually need none).
  AI_API_KEY: z.preprocess((value) => (value === '' ? undefined : value), z.string().max(4096).optional()),
  // The model asked when a request names none (and the one tanuki_bot/ask phrases answers with).
  AI_MODEL: z.preprocess((value) => (value === '' ? undefined : value), z.string().max(255).optional()),
  // How long a provider call may take before it is abandoned (milliseconds).
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  // What `meridian start` runs: HTTP and the background workers (all), HTTP only (web), or the
  // workers only (worker: webhook and email deliveries from the outbox, expired-session clean-up).
  MERIDIAN_ROLE: z.enum(SERVER_ROLES).default('all'),
  // Card payments (issue 29) through Stripe when STRIPE_SECRET_KEY is set; unset, purchases are paid
  // by invoice (the offline provider). STRIPE_WEBHOOK_SECRET (whsec_…) verifies Stripe's event
  // deliveries to /-/subscriptions/stripe_webhook and is required with the secret key.
  STRIPE_SECRET_KEY: optionalSecret,
  STRIPE_WEBHOOK_SECRET: optionalSecret,
  // Given to the browser for Stripe.js's card fields (pk_…).
  STRIPE_PUBLISHABLE_KEY: optionalSecret,
  // Where the Stripe API is reached; default https://api.stripe.com (a local stand-in in tests).
  STRIPE_API_BASE: z.preprocess((value) => (value === '' ? undefined : value), z.string().url().max(2048).optional()),
  // A Geo secondary site reports its status to the primary this often (seconds; GitLab: every minute).
  GEO_STATUS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // LDAP (IE-72; GitLab's provider `ldapmain`): sign-in of directory users, LDAP group links and their
  // sync. LDAP_URL is ldap://host:port or ldaps://…; unset, LDAP is off. The service account
  // (LDAP_BIND_DN, LDAP_BIND_PASSWORD) searches LDAP_BASE for people by LDAP_UID and LDAP_GROUP_BASE
  // (default LDAP_BASE) for groupOfNames/groupOfUniqueNames groups.
  LDAP_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .max(2048)
      .regex(/^ldaps?:\/\/[^\s/]+\/?$/, 'must be ldap://host:port or ldaps://host:port')
      .optional(),
  ),
  LDAP_BIND_DN: z.preprocess((value) => (value === '' ? undefined : value), z.string().max(1024).optional()),
  LDAP_BIND_PASSWORD: optionalSecret,
  LDAP_BASE: z.preprocess((value) => (value === '' ? undefined : value), z.string().max(1024).optional()),
  LDAP_UID: z
    .string()
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9-]*$/, 'must be an attribute name')
    .default('uid'),
  LDAP_GROUP_BASE: z.preprocess((value) => (value === '' ? undefined : value), z.string().max(1024).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
});

export type Config = Omit<z.infer<typeof schema>, 'MERIDIAN_SEED'> & { MERIDIAN_SEED: 'demo' | 'none' };

/** Fastify's trustProxy option from TRUST_PROXY. */
export function trustProxySetting(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return value.split(',').map((s) => s.trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  if (parsed.data.STRIPE_SECRET_KEY && !parsed.data.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Invalid configuration: STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
  }
  if (parsed.data.DATABASE_REPLICA_URLS && !parsed.data.DATABASE_URL) {
    throw new Error('Invalid configuration: DATABASE_REPLICA_URLS needs DATABASE_URL (the primary they replicate)');
  }
  const storage = parsed.data;
  if (
    storage.OBJECT_STORAGE_BUCKET &&
    !(storage.OBJECT_STORAGE_ACCESS_KEY_ID && storage.OBJECT_STORAGE_SECRET_ACCESS_KEY)
  ) {
    throw new Error(
      'Invalid configuration: OBJECT_STORAGE_ACCESS_KEY_ID and OBJECT_STORAGE_SECRET_ACCESS_KEY are required with OBJECT_STORAGE_BUCKET',
    );
  }
  if (parsed.data.LDAP_URL && !parsed.data.LDAP_BASE) {
    throw new Error('Invalid configuration: LDAP_BASE is required with LDAP_URL');
  }
  const seed = parsed.data.MERIDIAN_SEED ?? (parsed.data.DATABASE_URL ? 'none' : 'demo');
  return { ...parsed.data, MERIDIAN_SEED: seed };
}
