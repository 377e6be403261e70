/**
 * GitLab's emoji names for the reaction suggestions, in the order the fixed list shows them, with
 * their characters. Awards may use other names; those are shown as `:name:`.
 */
export const COMMON_EMOJI: ReadonlyArray<readonly [name: string, emoji: string]> = [
  ['thumbsup', '👍'],
  ['thumbsdown', '👎'],
  ['smile', '😄'],
  ['tada', '🎉'],
  ['heart', '❤️'],
  ['rocket', '🚀'],
  ['eyes', '👀'],
  ['laughing', '😆'],
  ['confused', '😕'],
  ['hourglass', '⌛'],
  ['white_check_mark', '✅'],
  ['x', '❌'],
  ['100', '💯'],
  ['fire', '🔥'],
  ['clap', '👏'],
  ['thinking', '🤔'],
  ['pray', '🙏'],
  ['star', '⭐'],
  ['sparkles', '✨'],
  ['muscle', '💪'],
  ['ok_hand', '👌'],
  ['wave', '👋'],
  ['bulb', '💡'],
  ['warning', '⚠️'],
  ['bug', '🐛'],
  ['construction', '🚧'],
  ['zap', '⚡'],
  ['cry', '😢'],
  ['joy', '😂'],
  ['slight_smile', '🙂'],
  ['wink', '😉'],
  ['sunglasses', '😎'],
  ['raised_hands', '🙌'],
  ['point_up', '☝️'],
  ['coffee', '☕'],
  ['beer', '🍺'],
  ['trophy', '🏆'],
  ['checkered_flag', '🏁'],
  ['lock', '🔒'],
  ['memo', '📝'],
];

const BY_NAME = new Map<string, string>([...COMMON_EMOJI, ['+1', '👍'], ['-1', '👎']]);

/** The character of an emoji name, or `:name:` when this list does not know it. */
export function emojiFor(name: string): string {
  return BY_NAME.get(name) ?? `:${name}:`;
}
