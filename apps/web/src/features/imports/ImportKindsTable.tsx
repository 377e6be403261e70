import { type Column, Table } from '../../ui/Table';
import type { ImportJob } from './importCsvApi';

type KindRow = { kind: string; label: string; counts: ImportJob['counters'][string] };

/** A kind's name as the table shows it: the importer's own name for it, else its key in words. */
const labelOf = (kind: string, labels: Readonly<Record<string, string>>) => {
  const words = kind.replace(/_/g, ' ');
  return labels[kind] ?? `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}`;
};

/**
 * An import's counts per kind of item (imported, skipped, in the source), in the order `labels` names
 * the kinds, then any other kind the job counts; kinds the source has none of are left out.
 */
export function ImportKindsTable({
  job,
  labels,
  sourceHeader,
}: {
  job: ImportJob;
  labels: Readonly<Record<string, string>>;
  sourceHeader: string;
}) {
  const order = [...Object.keys(labels), ...Object.keys(job.counters).filter((kind) => !(kind in labels))];
  const rows: KindRow[] = order.flatMap((kind) => {
    const counts = job.counters[kind];
    const any = counts && counts.total + counts.done + counts.skipped > 0;
    return any ? [{ kind, label: labelOf(kind, labels), counts }] : [];
  });
  const columns: Column<KindRow>[] = [
    { key: 'kind', header: 'Kind', render: (r) => r.label },
    { key: 'done', header: 'Imported', align: 'end', render: (r) => r.counts.done },
    { key: 'skipped', header: 'Skipped', align: 'end', render: (r) => r.counts.skipped },
    { key: 'total', header: sourceHeader, align: 'end', render: (r) => r.counts.total },
  ];
  return <Table columns={columns} rows={rows} rowKey={(r) => r.kind} caption="Items per kind" />;
}
