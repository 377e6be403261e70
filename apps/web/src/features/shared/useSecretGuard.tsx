import { type DetectedSecret, detectSecrets } from '@meridian/domain';
import { type FormEvent, type ReactNode, Suspense, useState } from 'react';
import { lazyNamed } from '../../app/lazyNamed';

// The dialog (React Aria's modal) loads only when a secret is found.
const SecretWarningDialog = lazyNamed(() => import('./SecretWarningDialog'), 'SecretWarningDialog');

/**
 * IE §2.6 / §5's check before saving: `guard(text, save)` saves at once when `text` holds no secret;
 * otherwise `dialog` asks first, and `save` runs only if the user adds it anyway.
 */
export function useSecretGuard(what: 'description' | 'comment'): {
  guard: (text: string, save: () => void) => void;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<{ secrets: DetectedSecret[]; save: () => void } | null>(null);
  const guard = (text: string, save: () => void) => {
    const secrets = detectSecrets(text);
    if (secrets.length === 0) save();
    else setPending({ secrets, save });
  };
  const dialog = pending && (
    <Suspense fallback={null}>
      <SecretWarningDialog
        secrets={pending.secrets}
        what={what}
        onEdit={() => setPending(null)}
        onConfirm={() => {
          setPending(null);
          pending.save();
        }}
      />
    </Suspense>
  );
  return { guard, dialog };
}

/**
 * A new item's Create (issue, merge request, work item): once `ready`, IE §2.6's check of its title and
 * description, then `submit`. `onSubmit` is the form's handler, `create` the editor's mod+Enter.
 */
export function useGuardedCreate(ready: boolean, title: string, description: string, submit: () => Promise<void>) {
  const secretGuard = useSecretGuard('description');
  const create = () => {
    if (ready) secretGuard.guard(`${title}\n${description}`, () => void submit());
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create();
  };
  return { create, onSubmit, dialog: secretGuard.dialog };
}
