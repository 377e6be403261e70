import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { COMMON_EMOJI, emojiFor } from './common-emoji';

export interface EmojiSuggestion {
  name: string;
  emoji: string;
}

/** How many recently used emoji come before the fixed list. */
const RECENT_LIMIT = 20;

/**
 * The emoji the actor awarded most recently (one statement; none for anonymous visitors), then
 * the fixed common set, each name once.
 */
export async function suggestAwardEmoji(db: Database, actor: Actor | null): Promise<EmojiSuggestion[]> {
  const recent = actor
    ? await db
        .selectFrom('award_emoji')
        .select('name')
        .where('user_id', '=', actor.id)
        .groupBy('name')
        .orderBy(sql`max(created_at)`, 'desc')
        .orderBy('name')
        .limit(RECENT_LIMIT)
        .execute()
    : [];
  const names = [...new Set([...recent.map((r) => r.name), ...COMMON_EMOJI.map(([name]) => name)])];
  return names.map((name) => ({ name, emoji: emojiFor(name) }));
}
