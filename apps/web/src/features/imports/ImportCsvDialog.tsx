import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { type Column, Table } from '../../ui/Table';
import { issueKeys } from '../issues/queries';
import styles from './ImportCsv.module.css';
import { ImportProgress } from './ImportProgress';
import {
  type CsvPreview,
  type CsvPreviewRow,
  type ImportJob,
  importJobPath,
  previewCsv,
  startCsvImport,
} from './importCsvApi';
import { useImportJob } from './useImportJob';

const COLUMNS: Column<CsvPreviewRow>[] = [
  { key: 'line', header: 'Line', width: '60px', render: (row) => row.line },
  { key: 'title', header: 'Title', render: (row) => row.title },
  { key: 'due', header: 'Due date', width: '110px', render: (row) => row.due_date ?? '', secondary: true },
  { key: 'milestone', header: 'Milestone', width: '120px', render: (row) => row.milestone ?? '', secondary: true },
  {
    key: 'errors',
    header: 'Errors',
    render: (row) => (row.errors.length ? <span className={styles.error}>{row.errors.join('; ')}</span> : ''),
  },
];

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'File upload error.');

/**
 * GitLab's "Import CSV" dialog with a preview: pick a file, see its first rows and each row's errors
 * (rows with errors are skipped), Import; then the progress bar until the job ends, and its report.
 */
export function ImportCsvDialog({
  projectPath,
  isOpen,
  onOpenChange,
}: {
  projectPath: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<{ message: string; job: ImportJob } | null>(null);
  const job = useImportJob(started ? importJobPath(projectPath, started.job.id) : undefined, started?.job ?? null);
  const ended = job?.state === 'finished' || job?.state === 'failed';

  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: issueKeys.lists() });
  }, [ended, queryClient]);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setFailure(null);
    if (!chosen) return;
    setBusy(true);
    try {
      setPreview(await previewCsv(projectPath, chosen));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await startCsvImport(projectPath, file);
      setStarted({ message: answer.message, job: answer.import_job });
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const importable = preview ? preview.row_count - preview.error_count : 0;
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title="Import issues" size="large">
      {started && job ? (
        <>
          <Alert variant="info">{started.message}</Alert>
          <ImportProgress projectPath={projectPath} job={job} />
        </>
      ) : (
        <>
          <p className={styles.intro}>
            Your issues will be imported in the background. The file must have a header row with the columns{' '}
            <code>title</code> and <code>description</code>; <code>due_date</code> and <code>milestone</code> are read
            too. The maximum file size allowed is 10 MB.
          </p>
          <label htmlFor="import-csv-file">Upload CSV file</label>{' '}
          <input
            id="import-csv-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void choose(event.currentTarget.files?.[0] ?? null)}
          />
          {failure && <Alert variant="danger">{failure}</Alert>}
          {preview && (
            <>
              <p className={styles.summary}>
                {preview.row_count} rows: {importable} will be imported
                {preview.error_count > 0 ? `, ${preview.error_count} with errors will be skipped` : ''}.
              </p>
              {preview.missing_milestones.length > 0 && (
                <Alert variant="danger">
                  Milestones not found in the project or its groups: {preview.missing_milestones.join(', ')}
                </Alert>
              )}
              <Table columns={COLUMNS} rows={preview.rows} rowKey={(row) => row.line} caption="Preview of the file" />
            </>
          )}
        </>
      )}
      <div className={styles.actions}>
        {!started && (
          <Button
            variant="confirm"
            isDisabled={busy || !preview || importable === 0 || preview.missing_milestones.length > 0}
            onPress={() => void start()}
          >
            Import issues
          </Button>
        )}
        <Button onPress={() => onOpenChange(false)}>
          {ended || !started ? 'Close' : 'Close (the import goes on)'}
        </Button>
      </div>
    </Modal>
  );
}
