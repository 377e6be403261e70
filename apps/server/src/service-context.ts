import type { Transaction } from 'kysely';
import type { AppContext } from './context';
import type { Database } from './db/connection';
import type { DB } from './db/schema';
import { type FileStore, fileStoreOf } from './file-store';
import { type AiProvider, aiProviderOf } from './modules/ai';
import { type Payments, paymentsOf } from './modules/billing';
import { externalBaseUrl } from './modules/namespaces';
import { type MailSettings, mailSettingsOf } from './modules/notifications';
import type { Actor } from './policy/actor';
import { requireActor } from './policy/require-actor';

/**
 * The part of the app's configuration that services read, derived once per app from its validated
 * environment (`serviceConfigOf`) and handed to services in their context, never through a module
 * global: two apps in one process (tests, a restart) each keep their own.
 */
export interface ServiceConfig {
  /** What notification emails need; null when this instance sends none (SMTP_URL unset). */
  mail: MailSettings | null;
  /** MERIDIAN_EXTERNAL_URL or http://localhost:PORT, without a trailing slash: links in webhook payloads. */
  externalUrl: string;
  /** The OpenAI-compatible provider of the AI features; null when AI_BASE_URL is unset. */
  ai: AiProvider | null;
  /** How purchases are paid: Stripe when STRIPE_SECRET_KEY is set, else by invoice. */
  payments: Payments;
  /** Where uploaded files are kept: an S3-compatible bucket, else UPLOADS_DIR (default DATA_DIR/uploads). */
  files: FileStore;
}

export function serviceConfigOf(config: AppContext['config']): ServiceConfig {
  return {
    mail: mailSettingsOf(config),
    externalUrl: externalBaseUrl({ config }),
    ai: aiProviderOf(config),
    payments: paymentsOf(config),
    files: fileStoreOf(config),
  };
}

/**
 * What a write runs with: the executor (a transaction once one is open, which nested services join
 * through `withTransaction`), the signed-in actor and the service configuration.
 */
export interface ServiceContext {
  db: Database;
  actor: Actor;
  config: ServiceConfig;
}

/**
 * The context of a transport's write: the app's database and service configuration, and the
 * caller, who must be signed in (GitLab's 401 before any lookup).
 */
export function serviceContext(app: AppContext, actor: Actor | null): ServiceContext {
  return { db: app.database.db, actor: requireActor(actor), config: app.services };
}

/** A service context inside an open transaction: what the change recorder and its effects run with. */
export type InTransaction = ServiceContext & { db: Transaction<DB> };
