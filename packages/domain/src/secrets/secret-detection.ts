import { DEFAULT_PAT_PREFIX, secretRules } from './secret-rules';

/** A secret found in a text: its kind, and how the warning shows it (masked). */
export interface DetectedSecret {
  name: string;
  masked: string;
}

/** IE §5 / §9: 9 characters or fewer show in full; longer ones keep their first 5 and last 4, with up to 22 asterisks between. */
export function maskSecret(secret: string): string {
  if (secret.length <= 9) return secret;
  const hidden = Math.min(secret.length - 9, 22);
  return `${secret.slice(0, 5)}${'*'.repeat(hidden)}${secret.slice(-4)}`;
}

/**
 * Every secret in `text` (IE §5): each rule's matches in the order they stand, each distinct match
 * once. Run before a comment or description is saved; the warning lists what this returns.
 */
export function detectSecrets(text: string, patPrefix: string = DEFAULT_PAT_PREFIX): DetectedSecret[] {
  const found: Array<DetectedSecret & { at: number }> = [];
  const seen = new Set<string>();
  for (const rule of secretRules(patPrefix)) {
    const pattern = new RegExp(rule.source, rule.caseInsensitive ? 'gi' : 'g');
    for (const match of text.matchAll(pattern)) {
      if (seen.has(match[0])) continue;
      seen.add(match[0]);
      found.push({ name: rule.name, masked: maskSecret(match[0]), at: match.index ?? 0 });
    }
  }
  return found.sort((a, b) => a.at - b.at).map(({ name, masked }) => ({ name, masked }));
}

/** The warning's title: 'Warning: Potential secret detected', or 'secrets' for more than one (IE §5). */
export function secretWarningTitle(count: number): string {
  return `Warning: Potential ${count === 1 ? 'secret' : 'secrets'} detected`;
}
