import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import form from '../../ui/Form.module.css';
import { Spinner } from '../../ui/Spinner';
import layout from '../shared/DetailLayout.module.css';
import type { IncidentPartProps } from './incidentPartProps';
import styles from './MetricImages.module.css';
import { useDeleteMetricImage, useMetricImages, useUploadMetricImage } from './queries';

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : 'Please try again.';

/** The upload form (GitLab's "Upload image"): a PNG, JPEG, GIF or WebP of at most 1 MB, with a text and a link. */
function UploadForm({ projectPath, iid }: { projectPath: string; iid: number }) {
  const upload = useUploadMetricImage(projectPath, iid);
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [urlText, setUrlText] = useState('');
  const [formKey, setFormKey] = useState(0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(
      { file, url, urlText },
      {
        onSuccess: () => {
          setFile(null);
          setUrl('');
          setUrlText('');
          setFormKey((k) => k + 1);
        },
      },
    );
  };
  return (
    <form key={formKey} className={styles.form} onSubmit={submit} aria-label="Upload image">
      <label>
        <span className={form.label}>Image</span>
        <input
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </label>
      <label>
        <span className={form.label}>
          Text <span className={form.optional}>(optional)</span>
        </span>
        <input className={form.input} value={urlText} maxLength={128} onChange={(e) => setUrlText(e.target.value)} />
      </label>
      <label>
        <span className={form.label}>
          Link <span className={form.optional}>(optional)</span>
        </span>
        <input
          className={form.input}
          type="url"
          value={url}
          maxLength={255}
          placeholder="https://"
          onChange={(e) => setUrl(e.target.value)}
        />
      </label>
      <Button type="submit" variant="confirm" isDisabled={!file || upload.isPending}>
        {upload.isPending ? 'Uploading…' : 'Upload image'}
      </Button>
      {upload.isError && <Alert variant="danger">{`Error uploading the image. ${messageOf(upload.error)}`}</Alert>}
    </form>
  );
}

/**
 * IE-78: an incident's metric images, for everyone who can read it; Reporters and up upload and
 * delete them. Each shows its text as a link when it has one, else its file name.
 */
export function MetricImages({ projectPath, iid, canEdit }: IncidentPartProps) {
  const images = useMetricImages(projectPath, iid);
  const remove = useDeleteMetricImage(projectPath, iid);
  if (images.isPending) return <Spinner label="Loading metric images" />;
  if (images.isError) return <Alert variant="danger">There was a problem fetching metric images.</Alert>;
  return (
    <>
      {images.data.length === 0 ? (
        <p className={layout.none}>No metric images.</p>
      ) : (
        <ul className={styles.list} aria-label="Metric images">
          {images.data.map((image) => (
            <li key={image.id} className={styles.card}>
              <div className={styles.head}>
                {image.url ? (
                  <a href={image.url} target="_blank" rel="noopener noreferrer">
                    {image.url_text || image.filename}
                  </a>
                ) : (
                  <span>{image.url_text || image.filename}</span>
                )}
                {canEdit && (
                  <button
                    type="button"
                    className={layout.linkButton}
                    aria-label={`Delete image ${image.filename}`}
                    onClick={() => remove.mutate(image.id)}
                  >
                    Delete
                  </button>
                )}
              </div>
              <img src={image.file_path} alt={image.url_text || image.filename} loading="lazy" />
            </li>
          ))}
        </ul>
      )}
      {remove.isError && <Alert variant="danger">{`Error deleting the image. ${messageOf(remove.error)}`}</Alert>}
      {canEdit && <UploadForm projectPath={projectPath} iid={iid} />}
    </>
  );
}
