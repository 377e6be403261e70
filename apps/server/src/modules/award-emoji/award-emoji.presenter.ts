import type { AppContext } from '../../context';
import type { UserMap } from '../notes';
import { presentUserBasic } from '../users';
import type { AwardRow } from './award-emoji.service';

/** GitLab's AwardEmoji entity. */
export function presentAward(ctx: Pick<AppContext, 'config'>, award: AwardRow, users: UserMap) {
  const user = users.get(award.user_id);
  return {
    id: award.id,
    name: award.name,
    user: user ? presentUserBasic(ctx, user) : null,
    created_at: award.created_at.toISOString(),
    updated_at: award.updated_at.toISOString(),
    awardable_id: award.awardable_id,
    awardable_type: award.awardable_type,
  };
}
