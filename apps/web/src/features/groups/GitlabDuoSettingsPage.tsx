import type { DuoAvailability } from '@meridian/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { ErrorState } from '../../app/ErrorState';
import { PageNotFound } from '../../app/NotFoundPage';
import { ApiError } from '../../lib/api';
import { type PageAlert, takePageAlerts, visitUrlWithAlerts } from '../../lib/pageAlerts';
import { urls } from '../../lib/paths';
import { useGroup } from '../../lib/queries';
import type { Group } from '../../lib/types';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import form from '../../ui/Form.module.css';
import radio from '../../ui/Radio.module.css';
import settings from '../../ui/SettingsSection.module.css';
import { PageSpinner } from '../../ui/Spinner';
import { ToggleSwitch } from '../../ui/Switch';
import { NamespacePageFrame } from '../shared/NamespacePageFrame';
import { updateDuoSettings } from './duoSettingsApi';
import styles from './GitlabDuoSettings.module.css';

export const SAVED = 'Group was successfully updated.';
export const SAVE_FAILED = 'An error occurred while retrieving your settings. Reload the page to try again.';

const CHOICES: Array<[DuoAvailability, string, string]> = [
  ['default_on', 'On by default', 'Features are available. Subgroups can turn them off.'],
  ['default_off', 'Off by default', 'Features are not available. Subgroups can turn them on.'],
  ['never_on', 'Always off', 'Features are never available, and subgroups cannot turn them on.'],
];
/** GitLab 19.1's Always on, offered on top-level groups. */
const ALWAYS_ON: [DuoAvailability, string, string] = [
  'always_on',
  'Always on',
  'Features are always available, and subgroups cannot turn them off.',
];

function lockText(lockedBy: string | null | undefined, availability: DuoAvailability | undefined): string {
  if (lockedBy === 'instance') {
    return 'An administrator turned GitLab Duo off for this instance, so this setting cannot be changed.';
  }
  const group = `The group ${lockedBy ?? 'above this one'}`;
  return availability === 'always_on'
    ? `${group} turned GitLab Duo on for all its subgroups (Always on), so this setting cannot be changed.`
    : `${group} turned GitLab Duo off for all its subgroups (Always off), so this setting cannot be changed.`;
}

function DuoSettingsForm({ group, groupPath }: { group: Group; groupPath: string }) {
  const [alerts] = useState<PageAlert[]>(takePageAlerts);
  const [availability, setAvailability] = useState<DuoAvailability>(group.duo_availability ?? 'default_on');
  const [experiments, setExperiments] = useState(group.experiment_features_enabled === true);
  const topLevel = !groupPath.includes('/');
  const locked = group.lock_duo_features_enabled === true;
  const save = useMutation({
    mutationFn: () =>
      updateDuoSettings(groupPath, {
        duo_availability: availability,
        ...(topLevel ? { experiment_features_enabled: experiments && availability !== 'never_on' } : {}),
      }),
    // GitLab's redirect path: this page, loaded afresh with the info alert.
    onSuccess: () => visitUrlWithAlerts(urls.gitlabDuo(groupPath), [{ message: SAVED, variant: 'info' }]),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form className={form.form} onSubmit={submit} aria-label="GitLab Duo settings">
      {alerts.map((alert) => (
        <Alert key={alert.message} variant={alert.variant}>
          {alert.message}
        </Alert>
      ))}
      {save.isError && <Alert variant="danger">{SAVE_FAILED}</Alert>}
      <section className={`${settings.section} ${styles.section}`}>
        <RadioGroup
          className={styles.choices}
          value={availability}
          onChange={(value) => setAvailability(value as DuoAvailability)}
          isDisabled={locked}
        >
          <Label className={form.legend}>GitLab Duo availability</Label>
          <p className={settings.help}>
            Control whether AI-powered features are available in this group and its subgroups.
          </p>
          {(topLevel || group.duo_availability === 'always_on' ? [...CHOICES, ALWAYS_ON] : CHOICES).map(
            ([value, label, help]) => (
              <Radio key={value} value={value} className={radio.radio}>
                <span className={radio.dot} aria-hidden="true" />
                <span>
                  {label}
                  <span className={form.hint}> — {help}</span>
                </span>
              </Radio>
            ),
          )}
        </RadioGroup>
        {locked && (
          <Alert variant="warning" title="Locked">
            {lockText(group.duo_availability_locked_by, group.duo_availability)}
          </Alert>
        )}
      </section>
      {topLevel && (
        <section className={`${settings.section} ${styles.section}`}>
          <h2>Experiment and beta features</h2>
          <p className={settings.help}>
            Use experiment and beta GitLab Duo features in this group and its subgroups. Not available while GitLab Duo
            is always off.
          </p>
          <ToggleSwitch
            label="Use experiment and beta GitLab Duo features"
            isSelected={experiments && availability !== 'never_on'}
            isDisabled={availability === 'never_on' || locked}
            onChange={setExperiments}
          />
        </section>
      )}
      <div className={form.actions}>
        <Button type="submit" variant="confirm" isDisabled={save.isPending || (locked && !topLevel)}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

function DuoSettingsSection({ groupPath }: { groupPath: string }) {
  const query = useGroup(groupPath);
  if (query.isPending) return <PageSpinner label="Loading settings" />;
  if (query.isError) {
    if (query.error instanceof ApiError && [401, 403, 404].includes(query.error.status)) return <PageNotFound />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.can_admin_group !== true || !query.data.duo_availability) return <PageNotFound />;
  return <DuoSettingsForm group={query.data} groupPath={groupPath} />;
}

/**
 * `/groups/:group/-/settings/gitlab_duo`: the group's GitLab Duo availability (inherited, locked by
 * an ancestor's Always off) and, on top-level groups, the experiment features switch. Owners and
 * administrators only; to anyone else the page does not exist.
 */
export function GitlabDuoSettingsPage({ groupPath }: { groupPath: string }) {
  return (
    <NamespacePageFrame kind="group" fullPath={groupPath} page="gitlab_duo" title="GitLab Duo">
      {() => <DuoSettingsSection groupPath={groupPath} />}
    </NamespacePageFrame>
  );
}
