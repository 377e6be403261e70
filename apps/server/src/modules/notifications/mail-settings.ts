import type { Config } from '../../config';
import { externalBaseUrl } from '../namespaces';

/**
 * What email notifications need from the configuration, when `SMTP_URL` is set. Without it no
 * emails are queued at all: an instance without SMTP keeps no outbox that would flood its users the
 * day SMTP is configured. Services get it in their context's `config.mail` (service-context.ts).
 */
export interface MailSettings {
  /** The From address (SMTP_FROM). */
  from: string;
  /** MERIDIAN_EXTERNAL_URL or http://localhost:PORT, without a trailing slash: the links in emails. */
  baseUrl: string;
  /** The host of baseUrl: the right-hand side of Message-IDs. */
  host: string;
}

/** The settings of an instance's configuration, or null when it sends no email. */
export function mailSettingsOf(config: Config): MailSettings | null {
  if (!config.SMTP_URL) return null;
  const baseUrl = externalBaseUrl({ config });
  const host = new URL(baseUrl).hostname;
  const from = config.SMTP_FROM ?? `Meridian <meridian@${host.includes('.') ? host : `${host}.localdomain`}>`;
  return { from, baseUrl, host };
}
