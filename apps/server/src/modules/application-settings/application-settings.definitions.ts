import { z } from 'zod';
import { gitlabBoolean } from '../../rest/params';

/** A whole number in [min, max], as a JSON number or a numeric string (form and query parameters). */
function wholeNumber(min: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(min, `must be between ${min} and ${max}`)
      .max(max, `must be between ${min} and ${max}`),
  );
}

const flag = () => gitlabBoolean;

/** A request count per window: 0 turns the limit off. */
const requestCount = () => wholeNumber(0, 1_000_000);
const periodInSeconds = () => wholeNumber(1, 86_400);

/**
 * Every instance setting: its default (GitLab's, where GitLab has the setting), the schema its
 * input must pass (stored values are checked against it again on read), and whether the public
 * `/-/config.json` serves it.
 */
export const SETTINGS = {
  /** First day of the week in calendars and the roadmap: 0 Sunday … 6 Saturday. */
  first_day_of_week: { default: 0, schema: wholeNumber(0, 6), public: true },
  /** Above this many epics the roadmap warns that not all are shown (GitLab's constant is 1000). */
  roadmap_epics_limit: { default: 1000, schema: wholeNumber(1, 100_000), public: true },
  /** Anyone may register at /users/sign_up (GitLab's default for a new instance). */
  signup_enabled: { default: true, schema: flag(), public: true },
  /** Non-administrators may create top-level groups (subgroups follow the parent's permissions). */
  allow_group_creation_for_users: { default: true, schema: flag(), public: false },
  /** Sign-in and sign-up requests per address (GitLab's protected paths throttle). */
  throttle_protected_paths_requests_per_period: { default: 10, schema: requestCount(), public: false },
  throttle_protected_paths_period_in_seconds: { default: 60, schema: periodInSeconds(), public: false },
  /** Failed sign-ins per login before it is refused for the unlock period (GitLab's lockout). */
  max_login_attempts: { default: 10, schema: requestCount(), public: false },
  failed_login_attempts_unlock_period_in_minutes: { default: 10, schema: wholeNumber(1, 1440), public: false },
  /** Signed-in writes per user: REST POST/PUT/PATCH/DELETE and GraphQL mutations. */
  throttle_authenticated_api_requests_per_period: { default: 7200, schema: requestCount(), public: false },
  throttle_authenticated_api_period_in_seconds: { default: 3600, schema: periodInSeconds(), public: false },
  /** Anonymous API requests (REST and GraphQL) per address. */
  throttle_unauthenticated_api_requests_per_period: { default: 3600, schema: requestCount(), public: false },
  throttle_unauthenticated_api_period_in_seconds: { default: 3600, schema: periodInSeconds(), public: false },
  /** Comments created per user per minute. */
  notes_create_limit: { default: 300, schema: requestCount(), public: false },
  /** Searches per minute: per user, and per address for anonymous visitors. */
  search_rate_limit: { default: 30, schema: requestCount(), public: false },
  search_rate_limit_unauthenticated: { default: 10, schema: requestCount(), public: false },
  /** Exports requested per user per minute (GitLab's import/export rate limit): the emailed CSV exports. */
  project_export_limit: { default: 6, schema: requestCount(), public: false },
  /** Webhooks may be sent to loopback, private and link-local addresses (GitLab's SSRF switch, off by default). */
  allow_local_requests_from_web_hooks_and_services: { default: false, schema: flag(), public: false },
  /** The largest file a project upload may be, in MB (GitLab's `max_attachment_size`, 100 MB by default). */
  max_attachment_size: { default: 100, schema: wholeNumber(1, 10_240), public: false },
  /**
   * GitLab Duo for the whole instance: off refuses every AI endpoint and locks every group's Duo
   * availability to never_on (GitLab's instance `duo_features_enabled`, on by default).
   */
  duo_features_enabled: { default: true, schema: flag(), public: false },
  /** AI requests per user per period (GitLab's `ai_action_api_rate_limit`: 160 per 8 hours). */
  ai_action_api_rate_limit: { default: 160, schema: requestCount(), public: false },
  ai_action_api_rate_limit_period_in_seconds: { default: 8 * 3600, schema: periodInSeconds(), public: false },
  /**
   * What an API write holding a potential secret (IE §5's token kinds, in a title, description or
   * comment) gets: `warn` saves it and says so in the `X-Meridian-Warning` header, `reject` refuses
   * it with 400 naming the field and the secret's kind, `off` does not look.
   */
  secret_detection_api_policy: {
    default: 'warn',
    schema: z.enum(['off', 'warn', 'reject'], { message: 'must be off, warn or reject' }),
    public: false,
  },
} as const;

export type SettingKey = keyof typeof SETTINGS;

/** The settings with their value types (what each schema accepts), in GitLab's field names. */
export type ApplicationSettings = {
  -readonly [K in SettingKey]: z.output<(typeof SETTINGS)[K]['schema']>;
};

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export const PUBLIC_SETTING_KEYS = SETTING_KEYS.filter((key) => SETTINGS[key].public);

/** `PUT /application/settings` input: every setting optional, unknown keys ignored (as GitLab). */
export const settingsUpdateSchema = z.object(
  Object.fromEntries(SETTING_KEYS.map((key) => [key, SETTINGS[key].schema.optional()])) as {
    [K in SettingKey]: z.ZodOptional<(typeof SETTINGS)[K]['schema']>;
  },
);
