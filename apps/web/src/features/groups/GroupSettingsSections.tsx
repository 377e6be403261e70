import type { ProjectCreationLevel, SubgroupCreationLevel } from '@meridian/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '../../lib/api';
import { namespaceKeys } from '../../lib/queries';
import type { Group } from '../../lib/types';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import form from '../../ui/Form.module.css';
import { SelectOptions } from '../../ui/SelectOptions';
import styles from '../templates/TemplatesSettings.module.css';
import { type GroupSettingsInput, updateGroupSettings } from './groupSettingsApi';

type Visibility = NonNullable<Group['visibility']>;

/** GitLab's visibility levels and their help texts on a group's settings. */
const VISIBILITIES: Array<[Visibility, string, string]> = [
  ['private', 'Private', 'The group and its projects can only be viewed by members.'],
  ['internal', 'Internal', 'The group and any internal projects can be viewed by any logged in user.'],
  ['public', 'Public', 'The group and any public projects can be viewed without any authentication.'],
];

/** GitLab's "Roles allowed to create projects" choices. */
const PROJECT_CREATION: Array<[ProjectCreationLevel, string]> = [
  ['noone', 'No one'],
  ['owner', 'Owners'],
  ['maintainer', 'Maintainers'],
  ['developer', 'Developers + Maintainers'],
  ['administrator', 'Administrators'],
];

/** GitLab's "Roles allowed to create subgroups" choices. */
const SUBGROUP_CREATION: Array<[SubgroupCreationLevel, string]> = [
  ['owner', 'Owners'],
  ['maintainer', 'Maintainers'],
];

/** One save of some of the group's settings: the answer replaces the cached group, the outcome shows above. */
function useSaveGroupSettings(group: Group) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupSettingsInput) => updateGroupSettings(group.full_path, input),
    onSuccess: (saved) => {
      client.setQueryData(namespaceKeys.group(group.full_path), saved);
      void client.invalidateQueries({ queryKey: namespaceKeys.group(group.full_path) });
    },
  });
}

/** A bordered settings section with its heading, help, the outcome of its last save and Save changes. */
function SettingsForm({
  id,
  title,
  help,
  save,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  help: string;
  save: ReturnType<typeof useSaveGroupSettings>;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className={styles.help}>{help}</p>
      {save.isSuccess && <Alert variant="success">{`Group '${save.data.name}' was successfully updated.`}</Alert>}
      {save.isError && (
        <Alert variant="danger" title="The settings were not saved">
          {save.error instanceof ApiError ? save.error.message : 'Something went wrong. Try again.'}
        </Alert>
      )}
      <form className={form.form} aria-labelledby={id} onSubmit={submit} noValidate>
        {children}
        <div className={form.actions}>
          <Button type="submit" variant="confirm" isDisabled={save.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Settings › General › Naming, description, visibility: GitLab's group name, description and visibility level. */
function NamingSection({ group }: { group: Group }) {
  const save = useSaveGroupSettings(group);
  const [name, setName] = useState(group.name);
  const [description, setDescription] = useState(group.description ?? '');
  const [visibility, setVisibility] = useState<Visibility>(group.visibility ?? 'private');
  return (
    <SettingsForm
      id="group-naming"
      title="Naming, description, visibility"
      help="Update your group name, description, and visibility."
      save={save}
      onSubmit={() => save.mutate({ name: name.trim(), description, visibility })}
    >
      <div className={form.field}>
        <label className={form.label} htmlFor="group-name">
          Group name
        </label>
        <input
          id="group-name"
          className={form.input}
          value={name}
          maxLength={255}
          required
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className={form.field}>
        <label className={form.label} htmlFor="group-description">
          Group description <span className={form.optional}>(optional)</span>
        </label>
        <textarea
          id="group-description"
          className={`${form.input} ${form.textarea}`}
          value={description}
          maxLength={2000}
          rows={3}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <fieldset className={form.fieldset}>
        <legend className={form.legend}>Visibility level</legend>
        {VISIBILITIES.map(([value, label, help]) => (
          <label key={value} className={form.choice}>
            <input
              type="radio"
              name="visibility"
              value={value}
              checked={visibility === value}
              onChange={() => setVisibility(value)}
            />
            <span>
              {label}
              <span className={form.hint}> — {help}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </SettingsForm>
  );
}

/** A labelled `<select>` of one setting's choices. */
function ChoiceField<T extends string>({
  id,
  label,
  value,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  choices: ReadonlyArray<readonly [T, string]>;
  onChange: (value: T) => void;
}) {
  return (
    <div className={form.field}>
      <label className={form.label} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={form.input} value={value} onChange={(e) => onChange(e.target.value as T)}>
        <SelectOptions choices={choices} />
      </select>
    </div>
  );
}

/** Settings › General › Permissions and group features: email notifications and who may create. */
function PermissionsSection({ group }: { group: Group }) {
  const save = useSaveGroupSettings(group);
  const [emails, setEmails] = useState(group.emails_enabled !== false);
  const [projects, setProjects] = useState<ProjectCreationLevel>(group.project_creation_level ?? 'developer');
  const [subgroups, setSubgroups] = useState<SubgroupCreationLevel>(group.subgroup_creation_level ?? 'maintainer');
  return (
    <SettingsForm
      id="group-permissions"
      title="Permissions and group features"
      help="Configure notifications and who may create projects and subgroups in this group."
      save={save}
      onSubmit={() =>
        save.mutate({ emails_enabled: emails, project_creation_level: projects, subgroup_creation_level: subgroups })
      }
    >
      <fieldset className={form.fieldset}>
        <legend className={form.legend}>Email notifications</legend>
        <label className={form.choice}>
          <input type="checkbox" checked={emails} onChange={(e) => setEmails(e.target.checked)} />
          <span>
            Enable email notifications
            <span className={form.hint}>
              {' '}
              — Enable sending email notifications for this group and all its subgroups and projects.
            </span>
          </span>
        </label>
      </fieldset>
      <ChoiceField
        id="project-creation-level"
        label="Roles allowed to create projects"
        value={projects}
        choices={PROJECT_CREATION}
        onChange={setProjects}
      />
      <ChoiceField
        id="subgroup-creation-level"
        label="Roles allowed to create subgroups"
        value={subgroups}
        choices={SUBGROUP_CREATION}
        onChange={setSubgroups}
      />
    </SettingsForm>
  );
}

/**
 * The group settings of Settings › General that `PUT /groups/:id` stores, for the group's Owners
 * (and administrators), with GitLab's section names and labels.
 */
export function GroupSettingsSections({ group }: { group: Group }) {
  if (group.can_admin_group !== true) return null;
  return (
    <>
      <NamingSection group={group} />
      <PermissionsSection group={group} />
    </>
  );
}
