import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import form from '../../ui/Form.module.css';
import { Spinner } from '../../ui/Spinner';
import layout from '../shared/DetailLayout.module.css';
import type { IncidentPartProps } from './incidentPartProps';
import styles from './MetricImages.module.css';
import { useCreateTimelineEvent, useDestroyTimelineEvent, useTimelineEvents } from './queries';

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : 'Please try again.';

/** `YYYY-MM-DD` and `HH:MM` of now, in UTC (GitLab's timeline form works in UTC). */
function nowParts() {
  const iso = new Date().toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

function AddEventForm({
  onDone,
  projectPath,
  iid,
  issueId,
}: {
  onDone: () => void;
  projectPath: string;
  iid: number;
  issueId: number;
}) {
  const create = useCreateTimelineEvent(projectPath, iid, issueId);
  const [{ date, time }, setWhen] = useState(nowParts);
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    create.mutate({ note, occurredAt: `${date}T${time}:00Z` }, { onSuccess: onDone });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Add new timeline event">
      <label>
        <span className={form.label}>Date</span>
        <input
          className={form.input}
          type="date"
          required
          value={date}
          onChange={(e) => setWhen({ date: e.target.value, time })}
        />
      </label>
      <label>
        <span className={form.label}>Time (UTC)</span>
        <input
          className={form.input}
          type="time"
          required
          value={time}
          onChange={(e) => setWhen({ date, time: e.target.value })}
        />
      </label>
      <label style={{ flex: '1 1 320px' }}>
        <span className={form.label}>Timeline text</span>
        <textarea
          className={form.input}
          required
          maxLength={280}
          rows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <Button type="submit" variant="confirm" isDisabled={!note.trim() || create.isPending}>
        Save
      </Button>
      <Button type="button" onPress={onDone}>
        Cancel
      </Button>
      {create.isError && (
        <Alert variant="danger">{`Error creating incident timeline event: ${messageOf(create.error)}`}</Alert>
      )}
    </form>
  );
}

/**
 * An incident's timeline (IE §4): its events by time, for everyone who can read it; Developers and
 * up add and delete them (the server decides; the form shows for who may manage the incident).
 */
export function TimelineEvents({ projectPath, iid, issueId, canEdit }: IncidentPartProps & { issueId: number }) {
  const events = useTimelineEvents(projectPath, iid, issueId);
  const destroy = useDestroyTimelineEvent(projectPath, iid);
  const [adding, setAdding] = useState(false);
  if (events.isPending) return <Spinner label="Loading timeline" />;
  if (events.isError)
    return <Alert variant="danger">Something went wrong while fetching incident timeline events.</Alert>;
  return (
    <>
      {events.data.length === 0 ? (
        <p className={layout.none}>No timeline items have been added yet.</p>
      ) : (
        <ol aria-label="Timeline events" style={{ paddingLeft: 0, listStyle: 'none' }}>
          {events.data.map((event) => (
            <li key={event.id} className={styles.head} style={{ padding: '4px 0' }}>
              <span>
                <strong>{when(event.occurredAt)}</strong>{' '}
                <span
                  style={{ display: 'inline-block' }}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: noteHtml is sanitized by the server (rehype-sanitize).
                  dangerouslySetInnerHTML={{ __html: event.noteHtml }}
                />
              </span>
              {canEdit && (
                <button
                  type="button"
                  className={layout.linkButton}
                  aria-label={`Delete event: ${event.note}`}
                  onClick={() => destroy.mutate(event.id)}
                >
                  Delete
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {destroy.isError && (
        <Alert variant="danger">{`Error deleting incident timeline event: ${messageOf(destroy.error)}`}</Alert>
      )}
      {canEdit &&
        (adding ? (
          <AddEventForm projectPath={projectPath} iid={iid} issueId={issueId} onDone={() => setAdding(false)} />
        ) : (
          <Button onPress={() => setAdding(true)}>Add new timeline event</Button>
        ))}
    </>
  );
}
