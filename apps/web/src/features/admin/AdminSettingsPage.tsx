import { type FormEvent, useState } from 'react';
import { AppLink } from '../../lib/AppLink';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { AdminLoadError, AdminPage } from './AdminPage';
import styles from './AdminSettingsPage.module.css';
import {
  type ApplicationSettings,
  type NumberSetting,
  type SecretPolicy,
  useApplicationSettings,
  useUpdateApplicationSettings,
} from './queries';
import { RATE_LIMIT_SECTIONS } from './settingsSections';

export type AdminSettingsSection = 'general' | 'network';

const NUMBER_KEYS = RATE_LIMIT_SECTIONS.flatMap((section) => section.fields.map((field) => field.key));

/** A typed number as a number, anything else as typed, so the server names the bad field. */
function numberOrText(text: string): number | string {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : text;
}

/**
 * `/admin/application_settings/general` (sign-up restrictions, group creation, secret detection, the
 * GitLab Duo switch) and `/admin/application_settings/network` (rate limits, the AI one too), as in
 * GitLab's Admin area.
 */
export function AdminSettingsPage({ section }: { section: AdminSettingsSection }) {
  const settings = useApplicationSettings();
  const title = section === 'general' ? 'General' : 'Network';
  return (
    <AdminPage title={`${title} · Settings`} heading="Settings">
      <nav className={styles.tabs} aria-label="Settings sections">
        <SectionLink to="general" current={section} label="General" />
        <SectionLink to="network" current={section} label="Network" />
      </nav>
      {settings.isLoading && <Spinner label="Loading settings" />}
      <AdminLoadError error={settings.error} refusal="Only administrators can change instance settings." />
      {settings.data && <SettingsForm section={section} settings={settings.data} />}
    </AdminPage>
  );
}

function SectionLink({
  to,
  current,
  label,
}: {
  to: AdminSettingsSection;
  current: AdminSettingsSection;
  label: string;
}) {
  return (
    <AppLink
      href={`/admin/application_settings/${to}`}
      className={`${styles.tab} ${to === current ? styles.tabActive : ''}`}
      aria-current={to === current ? 'page' : undefined}
    >
      {label}
    </AppLink>
  );
}

/** A settings section holding one checkbox, its label followed by ` — help`. */
function CheckboxSection({
  title,
  name,
  checked,
  onChange,
  label,
  help,
}: {
  title: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  help: string;
}) {
  return (
    <fieldset className={styles.section}>
      <h2>{title}</h2>
      <label className={styles.checkbox}>
        <input type="checkbox" name={name} checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <span>
          {label}
          <span className={styles.help}> — {help}</span>
        </span>
      </label>
    </fieldset>
  );
}

const SECRET_POLICIES: Array<{ value: SecretPolicy; label: string; help: string }> = [
  { value: 'warn', label: 'Warn', help: 'save it, and say so in the X-Meridian-Warning response header.' },
  { value: 'reject', label: 'Reject', help: 'refuse the write with 400, naming the field and the kind of secret.' },
  { value: 'off', label: 'Off', help: 'do not scan API writes.' },
];

/**
 * Secret detection for API writes: the web app always asks before saving a secret (IE §2.6); scripts
 * writing through the API get the instance's policy.
 */
function SecretPolicySection({ value, onChange }: { value: SecretPolicy; onChange: (value: SecretPolicy) => void }) {
  return (
    <fieldset className={styles.section}>
      <h2>Secret detection</h2>
      <p className={styles.help}>
        When a title, description or comment written through the API holds a potential secret (an access token or key):
      </p>
      {SECRET_POLICIES.map((policy) => (
        <label key={policy.value} className={styles.checkbox}>
          <input
            type="radio"
            name="secret_detection_api_policy"
            value={policy.value}
            checked={value === policy.value}
            onChange={() => onChange(policy.value)}
          />
          <span>
            {policy.label}
            <span className={styles.help}> — {policy.help}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function SettingsForm({ section, settings }: { section: AdminSettingsSection; settings: ApplicationSettings }) {
  const update = useUpdateApplicationSettings();
  const [signupEnabled, setSignupEnabled] = useState(settings.signup_enabled);
  const [groupCreation, setGroupCreation] = useState(settings.allow_group_creation_for_users);
  const [secretPolicy, setSecretPolicy] = useState(settings.secret_detection_api_policy);
  const [duoEnabled, setDuoEnabled] = useState(settings.duo_features_enabled);
  const [numbers, setNumbers] = useState<Record<NumberSetting, string>>(
    () => Object.fromEntries(NUMBER_KEYS.map((key) => [key, String(settings[key])])) as Record<NumberSetting, string>,
  );
  const [saved, setSaved] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const changes: Record<string, unknown> =
      section === 'general'
        ? {
            signup_enabled: signupEnabled,
            allow_group_creation_for_users: groupCreation,
            secret_detection_api_policy: secretPolicy,
            duo_features_enabled: duoEnabled,
          }
        : Object.fromEntries(NUMBER_KEYS.map((key) => [key, numberOrText(numbers[key])]));
    update.mutate(changes as Partial<ApplicationSettings>, { onSuccess: () => setSaved(true) });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {saved && <Alert variant="success">Application settings saved successfully.</Alert>}
      {update.error && <Alert variant="danger">Application settings update failed: {update.error.message}</Alert>}
      {section === 'general' ? (
        <>
          <CheckboxSection
            title="Sign-up restrictions"
            name="signup_enabled"
            checked={signupEnabled}
            onChange={setSignupEnabled}
            label="Sign-up enabled"
            help="anyone who can reach this instance can register."
          />
          <CheckboxSection
            title="Account and limit"
            name="allow_group_creation_for_users"
            checked={groupCreation}
            onChange={setGroupCreation}
            label="Allow new users to create top-level groups"
            help="administrators always can; subgroups follow the parent group."
          />
          <SecretPolicySection value={secretPolicy} onChange={setSecretPolicy} />
          <CheckboxSection
            title="GitLab Duo"
            name="duo_features_enabled"
            checked={duoEnabled}
            onChange={setDuoEnabled}
            label="Use GitLab Duo features"
            help="AI-powered features, in the groups that allow them. Off, GitLab Duo is always off for every group of this instance."
          />
        </>
      ) : (
        RATE_LIMIT_SECTIONS.map((group) => (
          <fieldset key={group.title} className={styles.section}>
            <h2>{group.title}</h2>
            <p className={styles.help}>{group.help} Set a count to 0 to turn the limit off.</p>
            <div className={styles.numbers}>
              {group.fields.map((field) => (
                <div key={field.key} className={styles.field}>
                  <label htmlFor={field.key}>{field.label}</label>
                  <input
                    id={field.key}
                    name={field.key}
                    inputMode="numeric"
                    value={numbers[field.key]}
                    onChange={(event) => setNumbers((current) => ({ ...current, [field.key]: event.target.value }))}
                  />
                </div>
              ))}
            </div>
          </fieldset>
        ))
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="confirm" isDisabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
