import type { AppContext } from '../../context';
import { iso } from '../issuables';
import { presentUserBasic, type UserRow } from '../users';
import type { AbuseReportRow } from './abuse-reports.service';
import type { SpamLogRow } from './spam.service';

type Ctx = Pick<AppContext, 'config'>;

/** Presents the user of an id from `users` (null when there is no id or no such user). */
const userById =
  (ctx: Ctx, users: Map<number, UserRow>) =>
  (id: number | null): ReturnType<typeof presentUserBasic> | null => {
    const u = id === null ? undefined : users.get(id);
    return u ? presentUserBasic(ctx, u) : null;
  };

/** One abuse report as GitLab's admin API names its fields. */
export function presentAbuseReport(ctx: Ctx, row: AbuseReportRow, users: Map<number, UserRow>) {
  const user = userById(ctx, users);
  return {
    id: row.id,
    category: row.category,
    status: row.status,
    message: row.message,
    reported_from_url: row.reported_from_url,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    reporter: user(row.reporter_id),
    user: user(row.user_id),
    resolved_by: user(row.resolved_by_id),
    resolved_at: iso(row.resolved_at),
    resolution: row.resolution,
  };
}

/** One spam log row: the item, its author and what it said when an admin submitted it. */
export function presentSpamLog(ctx: Ctx, row: SpamLogRow, users: Map<number, UserRow>) {
  const user = userById(ctx, users);
  return {
    id: row.id,
    noteable_type: row.noteable_type,
    noteable_id: row.noteable_id,
    title: row.title,
    description: row.description,
    user: user(row.user_id),
    submitted_by: user(row.submitted_by_id),
    // Meridian logs spam an admin submitted: no CAPTCHA was shown and no request address is kept.
    recaptcha_verified: false,
    source_ip: null,
    created_at: iso(row.created_at),
  };
}
