import { PROJECT_CREATION_LEVELS, SUBGROUP_CREATION_LEVELS } from '@meridian/domain';
import { z } from 'zod';
import { gitlabBoolean } from '../../rest/params';

/**
 * The group settings of GitLab's `PUT /groups/:id` ("Update group attributes") beyond name, path,
 * visibility, description and the GitLab Duo ones. Three are stored and have an effect in Meridian:
 * `emails_enabled` (or the deprecated `emails_disabled`), `project_creation_level` and
 * `subgroup_creation_level`. The others are GitLab features Meridian does not have (repositories,
 * CI/CD, access requests, two-factor authentication, group sharing, group mentions…): each accepts
 * only the value Meridian works by — the one `GET /groups/:id` answers, so a client may send back
 * what it read — and anything else is a 400 naming the field and why, never silently dropped.
 * Parameters GitLab does not know are ignored, as GitLab does.
 */
export const groupSettingsParams = {
  emails_enabled: gitlabBoolean.optional(),
  /** GitLab's deprecated inverse of `emails_enabled`. */
  emails_disabled: gitlabBoolean.optional(),
  project_creation_level: z
    .enum(PROJECT_CREATION_LEVELS, { message: `must be one of ${PROJECT_CREATION_LEVELS.join(', ')}` })
    .optional(),
  subgroup_creation_level: z
    .enum(SUBGROUP_CREATION_LEVELS, { message: `must be one of ${SUBGROUP_CREATION_LEVELS.join(', ')}` })
    .optional(),
};

/** false, or null (what `GET /groups/:id` answers for an unset `mentions_disabled` or `auto_devops_enabled`). */
const isFalse = (v: unknown) => v === null || gitlabBoolean.safeParse(v).data === false;
const isBlank = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
const isNumber = (n: number) => (v: unknown) => Number(v) === n && String(v).trim() !== '';
const nothing = () => false;

/** A GitLab setting Meridian has no feature for: the value(s) it accepts, and why no other. */
function fixedSetting(accepts: (value: unknown) => boolean, acceptedText: string | null, reason: string) {
  const only = acceptedText ? ` (only ${acceptedText} is accepted)` : '';
  return z
    .unknown()
    .refine(accepts, { message: `not supported: ${reason}${only}` })
    .optional();
}

const NO_REPOSITORIES = 'Meridian has no repositories';
const NO_CI = 'Meridian has no CI/CD';

/** GitLab's group settings for features Meridian does not have, each with the value it accepts. */
export const unsupportedGroupSettings = {
  share_with_group_lock: fixedSetting(isFalse, 'false', 'Meridian does not share projects with other groups'),
  prevent_sharing_groups_outside_hierarchy: fixedSetting(isFalse, 'false', 'Meridian does not share groups'),
  mentions_disabled: fixedSetting(
    isFalse,
    'false',
    'Meridian does not notify the members of a mentioned group, so there are no group mentions to turn off',
  ),
  request_access_enabled: fixedSetting(isFalse, 'false', 'Meridian has no access requests'),
  require_two_factor_authentication: fixedSetting(isFalse, 'false', 'Meridian has no two-factor authentication'),
  two_factor_grace_period: fixedSetting(isNumber(48), '48', 'Meridian has no two-factor authentication'),
  membership_lock: fixedSetting(isFalse, 'false', 'Meridian does not lock project membership'),
  lfs_enabled: fixedSetting(isFalse, 'false', NO_REPOSITORIES),
  default_branch: fixedSetting(isBlank, 'a blank value', NO_REPOSITORIES),
  default_branch_protection: fixedSetting(nothing, null, NO_REPOSITORIES),
  default_branch_protection_defaults: fixedSetting(nothing, null, NO_REPOSITORIES),
  enabled_git_access_protocol: fixedSetting(nothing, null, NO_REPOSITORIES),
  prevent_forking_outside_group: fixedSetting(isFalse, 'false', NO_REPOSITORIES),
  file_template_project_id: fixedSetting(isBlank, 'a blank value', NO_REPOSITORIES),
  auto_devops_enabled: fixedSetting(isFalse, 'false', NO_CI),
  shared_runners_setting: fixedSetting(nothing, null, NO_CI),
  shared_runners_minutes_limit: fixedSetting(nothing, null, NO_CI),
  extra_shared_runners_minutes_limit: fixedSetting(nothing, null, NO_CI),
  max_artifacts_size: fixedSetting(nothing, null, NO_CI),
  wiki_access_level: fixedSetting((v) => v === 'disabled', 'disabled', 'Meridian has no wikis'),
  ip_restriction_ranges: fixedSetting(isBlank, 'a blank value', 'Meridian does not restrict group access by IP'),
  allowed_email_domains_list: fixedSetting(
    isBlank,
    'a blank value',
    'Meridian does not restrict group membership by email domain',
  ),
  avatar: fixedSetting(isBlank, 'a blank value', 'group avatars are not uploaded through the API in Meridian'),
  duo_features_enabled: fixedSetting(nothing, null, 'set duo_availability instead'),
  lock_duo_features_enabled: fixedSetting(nothing, null, 'set duo_availability instead'),
};
