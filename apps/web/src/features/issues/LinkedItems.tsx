import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { AppLink } from '../../lib/AppLink';
import { apiGet, apiPath, encodeId, request } from '../../lib/api';
import { appPathFromWebUrl, urls } from '../../lib/paths';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { buttonClassName } from '../../ui/buttonClassName';
import { showToast } from '../../ui/toast';
import { DetailSection } from '../shared/DetailPage';
import type { LinkedIssue } from './IssueActions';
import styles from './LinkedItems.module.css';
import { issueKeys } from './queries';

type LinkType = 'relates_to' | 'blocks' | 'is_blocked_by';
type Linked = LinkedIssue & { issue_link_id: number; project_id: number; web_url?: string };

/** IE §4 link types, in GitLab's order and words. */
const LINK_TYPES: Array<[LinkType, string]> = [
  ['relates_to', 'relates to'],
  ['blocks', 'blocks'],
  ['is_blocked_by', 'is blocked by'],
];

/** IE §5: references split on white space, empties dropped, duplicates ignored. */
export function splitReferences(text: string): string[] {
  return [...new Set(text.split(/\s+/).filter(Boolean))];
}

/**
 * Linked items (IE-11, IE-15, §5): the issues this one blocks, is blocked by and relates to, added
 * by reference (several at once, with the link type) and removed, through GitLab's links API.
 */
export function LinkedItems({ projectPath, iid, canLink }: { projectPath: string; iid: number; canLink: boolean }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const base = `/projects/${encodeId(projectPath)}/issues/${iid}/links`;
  const key = [...issueKeys.detail(projectPath, iid), 'links'] as const;
  const links = useQuery({ queryKey: key, queryFn: ({ signal }) => apiGet<Linked[]>(apiPath(base), signal) });
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState('');
  const [linkType, setLinkType] = useState<LinkType>('relates_to');
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: issueKeys.detail(projectPath, iid) });
  };
  const add = useMutation({
    mutationFn: (references: string[]) =>
      request(apiPath(base), { method: 'POST', body: { issuable_references: references, link_type: linkType } }),
    onSuccess: () => {
      setText('');
      setAdding(false);
      refresh();
    },
  });
  const relink = (l: Linked) =>
    request(apiPath(base), {
      method: 'POST',
      body: { issuable_references: [l.references?.full ?? `#${l.iid}`], link_type: l.link_type },
    }).then(refresh);
  const remove = useMutation({
    mutationFn: (l: Linked) => request(apiPath(`${base}/${l.issue_link_id}`), { method: 'DELETE' }),
    onSuccess: (_answer, l) => {
      refresh();
      // Beyond GitLab: an unlink can be taken back from the toast for 10 s.
      showToast(`Removed the link to ${l.references?.relative ?? `#${l.iid}`}.`, {
        label: 'Undo',
        run: () => void relink(l),
      });
    },
  });
  const references = splitReferences(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (references.length > 0 && !add.isPending) add.mutate(references);
  };
  const rows = links.data ?? [];

  return (
    <DetailSection id="related-issues" title={`Linked items ${rows.length}`}>
      {canLink && !adding && (
        <button type="button" className={buttonClassName('default', 'small')} onClick={() => setAdding(true)}>
          Add
        </button>
      )}
      {adding && (
        <form className={styles.form} onSubmit={submit} aria-label="Add linked issues">
          <fieldset className={styles.types}>
            <legend>The current issue</legend>
            {LINK_TYPES.map(([value, label]) => (
              <label key={value}>
                <input
                  type="radio"
                  name={`${ids}-type`}
                  checked={linkType === value}
                  onChange={() => setLinkType(value)}
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${ids}-refs`}>the following issues</label>
          <input
            id={`${ids}-refs`}
            className={styles.input}
            value={text}
            maxLength={2048}
            placeholder="Paste issue link or <#issue id>"
            // biome-ignore lint/a11y/noAutofocus: opened by the user's Add press.
            autoFocus
            onChange={(event) => setText(event.target.value)}
          />
          {add.error && <Alert variant="danger">{add.error.message}</Alert>}
          <div className={styles.buttons}>
            <button
              type="submit"
              className={buttonClassName('confirm', 'small')}
              disabled={!references.length || add.isPending}
            >
              Add
            </button>
            <button type="button" className={buttonClassName('default', 'small')} onClick={() => setAdding(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {remove.isError && <Alert variant="danger">An error occurred while removing issues.</Alert>}
      {LINK_TYPES.map(([type, label]) => {
        const group = rows.filter((l) => l.link_type === type);
        if (group.length === 0) return null;
        return (
          <div key={type} className={styles.group}>
            <h3 className={styles.groupTitle}>{label[0]?.toUpperCase() + label.slice(1)}</h3>
            <ul className={styles.list}>
              {group.map((l) => {
                const reference = l.references?.relative ?? `#${l.iid}`;
                return (
                  <li key={l.issue_link_id} className={styles.row}>
                    <Badge variant={l.state === 'opened' ? 'success' : 'info'}>
                      {l.state === 'opened' ? 'Open' : 'Closed'}
                    </Badge>
                    <AppLink href={appPathFromWebUrl(l.web_url) ?? urls.issue(projectPath, l.iid)}>{l.title}</AppLink>
                    <span className={styles.reference}>{reference}</span>
                    {canLink && (
                      <button
                        type="button"
                        className={buttonClassName('tertiary', 'small')}
                        aria-label={`Remove ${reference}`}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(l)}
                      >
                        ✕
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
      {links.isSuccess && rows.length === 0 && !adding && (
        <p className={styles.empty}>
          Link issues together to show that they're related, or that one is blocking others.
        </p>
      )}
    </DetailSection>
  );
}
