import { isValidIsoDate, PLAN_CODES } from '@meridian/domain';
import { z } from 'zod';
import { gitlabBoolean } from '../../rest/params';

/** The most seats one subscription or order may hold. */
export const MAX_SEATS = 1_000_000;

const isoDate = z.string().max(10).refine(isValidIsoDate, 'must be a date YYYY-MM-DD');
const nullableDate = z.preprocess((v) => (v === '' ? null : v), isoDate.nullable());
/** JSON numbers and form strings alike. */
export const seatCount = (min: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string()
      .max(8)
      .regex(/^\d{1,7}$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min, `must be at least ${min}`).max(MAX_SEATS, `must be at most ${MAX_SEATS}`)),
  );

/**
 * GitLab's admin `POST`/`PUT /namespaces/:id/gitlab_subscription` (ee/lib/api/namespaces.rb):
 * every field optional here; POST needs `start_date`, as GitLab. Dates are checked in order by the
 * service against the stored values they combine with.
 */
export const subscriptionWriteSchema = z.object({
  plan_code: z
    .string()
    .max(20)
    .pipe(z.enum(PLAN_CODES, { message: `must be one of ${PLAN_CODES.join(', ')}` }))
    .optional(),
  seats: seatCount(0).optional(),
  max_seats_used: seatCount(0).optional(),
  start_date: nullableDate.optional(),
  end_date: nullableDate.optional(),
  trial: gitlabBoolean.optional(),
  trial_ends_on: nullableDate.optional(),
  auto_renew: gitlabBoolean.optional(),
});

export type SubscriptionWriteInput = z.infer<typeof subscriptionWriteSchema>;
