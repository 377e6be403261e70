import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { UsersTable } from '../../db/schema';
import { webUrl } from '../namespaces';

export type UserRow = Selectable<UsersTable>;
type Ctx = Pick<AppContext, 'config'>;

/** GitLab's UserBasic: what any list of users shows (`GET /users`, authors, assignees). */
export function presentUserBasic(ctx: Ctx, user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    state: user.state,
    locked: false,
    avatar_url: user.avatar_url,
    web_url: webUrl(ctx, user.username),
  };
}

/** GitLab's User (public profile): `GET /users/:id`. */
export function presentUser(ctx: Ctx, user: UserRow) {
  // Object.assign, not a literal opening with a spread: see test/leading-spread-literals.ts.
  return Object.assign(presentUserBasic(ctx, user), {
    created_at: user.created_at.toISOString(),
    bio: user.bio,
    location: '',
    public_email: null,
    linkedin: '',
    twitter: '',
    discord: '',
    website_url: '',
    organization: '',
    job_title: '',
    pronouns: null,
    bot: user.bot,
    work_information: null,
    followers: 0,
    following: 0,
    local_time: null,
    last_activity_on: user.last_activity_on,
  });
}

/**
 * GitLab's UserPublic / UserWithAdmin: the signed-in user's own profile (`GET /user`), and what an
 * admin sees of anyone. Includes the email and `is_admin`.
 */
export function presentUserSelf(
  ctx: Ctx,
  user: UserRow,
  extras: { namespaceId: number | null; canCreateGroup: boolean },
) {
  return Object.assign(presentUser(ctx, user), {
    email: user.email,
    commit_email: user.email,
    is_admin: user.admin,
    namespace_id: extras.namespaceId,
    theme_id: 1,
    color_scheme_id: 1,
    projects_limit: 100000,
    identities: [],
    can_create_group: extras.canCreateGroup,
    can_create_project: true,
    two_factor_enabled: false,
    external: false,
    private_profile: false,
    confirmed_at: user.created_at.toISOString(),
    last_sign_in_at: null,
    current_sign_in_at: null,
    note: null,
  });
}
