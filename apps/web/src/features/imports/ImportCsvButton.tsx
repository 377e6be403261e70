import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/Button';
import { fetchMayImportIssues } from './importCsvApi';

const ImportCsvDialog = lazy(async () => ({ default: (await import('./ImportCsvDialog')).ImportCsvDialog }));

/** "Import CSV" on a project's issue list, for who may import issues there; the dialog loads on first open. */
export function ImportCsvButton({ projectPath }: { projectPath: string }) {
  const [open, setOpen] = useState(false);
  const allowed = useQuery({
    queryKey: ['may-import-issues', projectPath],
    queryFn: ({ signal }) => fetchMayImportIssues(projectPath, signal),
    staleTime: 60_000,
  });
  if (!allowed.data) return null;
  return (
    <>
      <Button onPress={() => setOpen(true)}>Import CSV</Button>
      {open && (
        <Suspense fallback={null}>
          <ImportCsvDialog projectPath={projectPath} isOpen={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
