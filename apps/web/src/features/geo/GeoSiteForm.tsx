import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { LabelledInput } from '../shared/LabelledField';
import styles from './GeoSites.module.css';
import type { GeoSite } from './geoApi';
import { useSaveGeoSite } from './queries';

type TextField = 'name' | 'url' | 'internal_url';

/** The form's text fields: what each holds, its label and its placeholder. */
const TEXT_FIELDS: [TextField, string, string?][] = [
  ['name', 'Site name'],
  ['url', 'External URL', 'https://geo.example.com'],
  ['internal_url', 'Internal URL (optional)'],
];

/** GitLab's site form: name, external and internal URL, primary or secondary; the server's refusal inline. */
export function GeoSiteForm({
  initial,
  onClose,
}: {
  initial: GeoSite | null;
  /** Cancel, or saved. */
  onClose: () => void;
}) {
  const save = useSaveGeoSite(initial?.id ?? null);
  const pending = save.isPending;
  const id = useId();
  const [text, setText] = useState<Record<TextField, string>>({
    name: initial?.name ?? '',
    url: initial?.url ?? '',
    internal_url: initial && initial.internal_url !== initial.url ? initial.internal_url : '',
  });
  const [primary, setPrimary] = useState(initial?.primary ?? false);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name: text.name, url: text.url, internal_url: text.internal_url.trim() || null, primary, enabled };
    save.mutate(input, { onSuccess: onClose });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={initial ? 'Edit site' : 'Add site'}>
      {TEXT_FIELDS.map(([field, label, placeholder]) => (
        <LabelledInput
          key={field}
          id={`${id}-${field}`}
          label={label}
          className={styles.input}
          value={text[field]}
          onChange={(value) => setText((current) => ({ ...current, [field]: value }))}
          maxLength={255}
          placeholder={placeholder}
        />
      ))}
      <label>
        <input type="checkbox" checked={primary} onChange={(e) => setPrimary(e.target.checked)} /> This is a primary
        site
      </label>
      <label>
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Enabled
      </label>
      {save.error instanceof Error && <Alert variant="danger">{save.error.message}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" variant="confirm" isDisabled={pending}>
          {pending ? 'Saving…' : 'Save changes'}
        </Button>
        <Button onPress={onClose}>Cancel</Button>
      </div>
    </form>
  );
}
