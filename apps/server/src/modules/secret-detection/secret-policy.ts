import { detectSecrets } from '@meridian/domain';
import type { Executor } from '../../db/executor';
import { badRequest } from '../../errors';
import { warnRequest } from '../../lib/request-warnings';
import { cachedApplicationSettings } from '../application-settings';

/** A text a user is about to save, named as the API names the field (`title`, `description`, `body`). */
export interface TextToSave {
  field: string;
  text: string | null | undefined;
}

/** The texts an issue, merge request or epic write saves: its title and description. */
export const titleAndDescription = (input: { title?: string | null; description?: string | null }): TextToSave[] => [
  { field: 'title', text: input.title },
  { field: 'description', text: input.description },
];

/**
 * The server's half of IE §2.6 / §5: the web app asks before saving a secret, but scripts write
 * through the API with no dialog. Runs the same `detectSecrets` over every text a write saves and
 * applies the instance's `secret_detection_api_policy`: `reject` refuses the write with a 400 naming
 * the field and the kinds found (nothing is saved), `warn` lets it through with a warning header,
 * `off` skips the scan. The secret itself is never echoed back, masked or not.
 */
export async function applySecretPolicy(db: Executor, texts: TextToSave[]): Promise<void> {
  const policy = (await cachedApplicationSettings(db)).secret_detection_api_policy;
  if (policy === 'off') return;
  for (const { field, text } of texts) {
    if (!text) continue;
    const kinds = [...new Set(detectSecrets(text).map((secret) => secret.name))];
    if (kinds.length === 0) continue;
    const what = `${field} holds a potential secret (${kinds.join(', ')})`;
    if (policy === 'reject') throw badRequest(`${what}: remove it before saving`, field);
    warnRequest(`${what}; saved anyway`);
  }
}
