/**
 * What email notifications need from the configuration, set by the mailer plugin when `SMTP_URL` is
 * set (and cleared when its app closes). Unset means no emails are queued at all: an instance
 * without SMTP keeps no outbox that would flood its users the day SMTP is configured.
 * This is configuration, not state: every process derives the same value from its environment.
 */
export interface MailSettings {
  /** The From address (SMTP_FROM). */
  from: string;
  /** MERIDIAN_EXTERNAL_URL or http://localhost:PORT, without a trailing slash: the links in emails. */
  baseUrl: string;
  /** The host of baseUrl: the right-hand side of Message-IDs. */
  host: string;
}

let current: MailSettings | null = null;

export function setMailSettings(settings: MailSettings | null): void {
  current = settings;
}

/** The settings, or null when this process sends no email. */
export function mailSettings(): MailSettings | null {
  return current;
}
