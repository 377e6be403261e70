import { LabelledInput } from '../shared/LabelledField';
import styles from './ImportJira.module.css';

/** The Jira site a Jira import downloads the attachments from (all optional), as the page holds it. */
export interface JiraSite {
  url: string;
  /** GitLab's Jira integration's authentication methods: Basic (email or username and API token) or a Jira personal access token. */
  method: 'basic' | 'pat';
  email: string;
  token: string;
}

export const NO_JIRA_SITE: JiraSite = { url: '', method: 'basic', email: '', token: '' };

/** The multipart fields of the site (`jira_url`, and the credentials of the chosen method); none without a URL. */
export function jiraSiteFields(site: JiraSite): Record<string, string> {
  const url = site.url.trim();
  if (!url) return {};
  if (site.method === 'pat')
    return site.token ? { jira_url: url, jira_personal_access_token: site.token } : { jira_url: url };
  return site.email || site.token
    ? { jira_url: url, jira_email: site.email.trim(), jira_api_token: site.token }
    : { jira_url: url };
}

/**
 * The optional Jira site, in GitLab's Jira integration's words (Web URL; Basic with an email or
 * username and an API token or password, or a Jira personal access token): with it the issues'
 * attachments are downloaded as uploads of the project; the token is kept only while the import runs.
 */
export function JiraSiteFields({
  id,
  site,
  onChange,
}: {
  id: string;
  site: JiraSite;
  onChange: (site: JiraSite) => void;
}) {
  const set = (patch: Partial<JiraSite>) => onChange({ ...site, ...patch });
  return (
    <fieldset className={styles.site}>
      <legend>Jira site (optional): download attachments</legend>
      <p className={styles.hint}>
        The attachments are on the Jira site, behind its sign-in. Give the site and a way to sign in to download them as
        uploads of this project, linked from their issues' descriptions; without it they are listed in the report. The
        token is kept only while the import runs.
      </p>
      <LabelledInput
        id={`${id}-url`}
        label="Web URL"
        type="url"
        value={site.url}
        maxLength={2048}
        placeholder="https://jira.example.com"
        onChange={(url) => set({ url })}
      />
      <div role="radiogroup" aria-label="Authentication method" className={styles.methods}>
        <label>
          <input type="radio" checked={site.method === 'basic'} onChange={() => set({ method: 'basic', token: '' })} />{' '}
          Basic
        </label>
        <label>
          <input
            type="radio"
            checked={site.method === 'pat'}
            onChange={() => set({ method: 'pat', token: '', email: '' })}
          />{' '}
          Jira personal access token
        </label>
      </div>
      {site.method === 'basic' && (
        <LabelledInput
          id={`${id}-email`}
          label="Email or username"
          value={site.email}
          maxLength={255}
          autoComplete="off"
          onChange={(email) => set({ email })}
        />
      )}
      <LabelledInput
        id={`${id}-token`}
        label={site.method === 'basic' ? 'API token or password' : 'Jira personal access token'}
        type="password"
        value={site.token}
        maxLength={1024}
        autoComplete="off"
        onChange={(token) => set({ token })}
      />
    </fieldset>
  );
}
