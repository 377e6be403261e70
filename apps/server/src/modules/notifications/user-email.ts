import type { Executor } from '../../db/executor';

/**
 * Queues one email to a user in the notification outbox (sent by every process's mailer with its
 * retries), for messages about the user's own requests (an export is ready), not about an
 * issuable. Nothing when the user has no email address.
 */
export async function queueUserEmail(
  db: Executor,
  userId: number,
  email: { subject: string; text: string; html: string },
): Promise<void> {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (!user?.email) return;
  await db
    .insertInto('notification_emails')
    .values({
      user_id: userId,
      to_address: user.email,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
      headers: JSON.stringify({}),
    })
    .execute();
}
