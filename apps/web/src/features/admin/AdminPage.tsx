import type { ReactNode } from 'react';
import { PlainLayout } from '../../app/ContextLayout';
import { ApiError } from '../../lib/api';
import { Alert } from '../../ui/Alert';
import styles from './AdminPage.module.css';

/** A page of the Admin area: `<title> · Admin` in the browser tab, and its heading. */
export function AdminPage({ title, heading, children }: { title: string; heading: string; children: ReactNode }) {
  return (
    <PlainLayout title={`${title} · Admin`}>
      <header className={styles.header}>
        <h1>{heading}</h1>
      </header>
      {children}
    </PlainLayout>
  );
}

/** An admin page's failed load: `refusal` when the server refused a non-admin (401, 403), else the error. */
export function AdminLoadError({ error, refusal }: { error: Error | null; refusal: string }) {
  if (!error) return null;
  const refused = error instanceof ApiError && (error.status === 403 || error.status === 401);
  return <Alert variant="danger">{refused ? refusal : error.message}</Alert>;
}
