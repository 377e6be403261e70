import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { buttonClassName } from '../../ui/buttonClassName';
import styles from '../templates/TemplatesSettings.module.css';
import { groupExportDownloadPath } from './groupExportApi';
import { useGroupExportState, useStartGroupExport } from './queries';

/**
 * Settings › General › Advanced › Export group, with GitLab's texts: start an export, then a
 * download link once the archive is written. Shown to the group's owners only: for anyone else
 * the status request is refused and the section is not rendered.
 */
export function ExportGroupSection({ fullPath }: { fullPath: string }) {
  const state = useGroupExportState(fullPath);
  const start = useStartGroupExport(fullPath);
  if (state.isPending || state.isError) return null;
  const current = state.data;
  return (
    <section className={styles.section} aria-labelledby="advanced-settings">
      <h2 id="advanced-settings">Advanced</h2>
      <h3 id="export-group">Export group</h3>
      <p className={styles.help}>
        Export this group with all related data to a new Meridian or GitLab-compatible instance: its subgroups,
        projects, members, labels, milestones, iterations, issues, epics, comments and award emoji. Once complete, the
        file can be imported into another instance.
      </p>
      {(start.isSuccess && current !== 'finished') || current === 'started' ? (
        <Alert variant="info">
          Group export started. A download link will be sent by email and made available on this page.
        </Alert>
      ) : null}
      {current === 'failed' ? <Alert variant="danger">The group export failed. Start a new one.</Alert> : null}
      {start.isError ? <Alert variant="danger">{start.error.message}</Alert> : null}
      <div>
        {current === 'finished' ? (
          <>
            <a className={buttonClassName('confirm')} href={groupExportDownloadPath(fullPath)} download>
              Download export
            </a>{' '}
            <Button onPress={() => start.mutate()} isDisabled={start.isPending}>
              Regenerate export
            </Button>
          </>
        ) : (
          <Button onPress={() => start.mutate()} isDisabled={start.isPending || current === 'started'}>
            Export group
          </Button>
        )}
      </div>
    </section>
  );
}
