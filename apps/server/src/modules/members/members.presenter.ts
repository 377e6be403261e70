import type { AppContext } from '../../context';
import { webUrl } from '../namespaces';
import type { MemberRow } from './members.service';

/** GitLab REST v4 member JSON. */
export function presentMember(ctx: Pick<AppContext, 'config'>, row: MemberRow) {
  return {
    id: row.user_id,
    username: row.username,
    name: row.name,
    state: row.state,
    avatar_url: row.avatar_url,
    web_url: webUrl(ctx, row.username),
    access_level: row.access_level,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: row.expires_at,
    membership_state: 'active',
    source_id: row.source_id,
    source_type: row.source_type,
  };
}
