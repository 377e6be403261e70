import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { AppLink } from '../../lib/AppLink';
import { urls } from '../../lib/paths';
import { buttonClassName } from '../../ui/buttonClassName';
import styles from './ImportCsv.module.css';
import { importPermissionsQuery } from './importCsvApi';

const ImportCsvDialog = lazy(async () => ({ default: (await import('./ImportCsvDialog')).ImportCsvDialog }));

/**
 * "Import" on a project's issue list, for who may import issues there: GitLab's CSV import (a dialog,
 * loaded on first open) and, for who administers the project, the import from Jira (its own page).
 */
export function ImportMenu({ projectPath }: { projectPath: string }) {
  const [open, setOpen] = useState(false);
  const [csvOpen, setCsvOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const allowed = useQuery(importPermissionsQuery(projectPath));
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);
  if (!allowed.data?.csv) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the menu wherever focus is inside it
    <div ref={wrapper} className={styles.menu} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className={buttonClassName()}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        Import <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id={panelId} className={styles.menuPanel} aria-label="Import issues">
          <li>
            <button
              type="button"
              className={styles.menuItem}
              onClick={() => {
                setOpen(false);
                setCsvOpen(true);
              }}
            >
              Import CSV
            </button>
          </li>
          {allowed.data.jira && (
            <li>
              <AppLink className={styles.menuItem} href={urls.importJira(projectPath)}>
                Import from Jira
              </AppLink>
            </li>
          )}
        </ul>
      )}
      {csvOpen && (
        <Suspense fallback={null}>
          <ImportCsvDialog projectPath={projectPath} isOpen={csvOpen} onOpenChange={setCsvOpen} />
        </Suspense>
      )}
    </div>
  );
}
