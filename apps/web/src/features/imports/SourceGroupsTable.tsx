import { type Column, Table } from '../../ui/Table';
import type { SourceGroup } from './directTransferApi';
import styles from './SourceImport.module.css';

/** The last part of a full path: the slug a new group takes unless the user changes it. */
export const slugOf = (fullPath: string) => fullPath.split('/').pop() ?? fullPath;

/**
 * The source's groups with, for each, whether to bring it over and the new group's URL slug
 * (GitLab's "Source group" and "New group" columns).
 */
export function SourceGroupsTable({
  groups,
  chosen,
  slugs,
  onChoose,
  onSlug,
}: {
  groups: SourceGroup[];
  chosen: ReadonlySet<string>;
  slugs: Readonly<Record<string, string>>;
  onChoose: (fullPath: string, on: boolean) => void;
  onSlug: (fullPath: string, slug: string) => void;
}) {
  const columns: Column<SourceGroup>[] = [
    {
      key: 'chosen',
      header: 'Import',
      width: '72px',
      render: (g) => (
        <input
          type="checkbox"
          aria-label={`Import ${g.full_path}`}
          checked={chosen.has(g.full_path)}
          onChange={(event) => onChoose(g.full_path, event.target.checked)}
        />
      ),
    },
    {
      key: 'source',
      header: 'Source group',
      render: (g) => (
        <>
          {g.web_url ? (
            <a href={g.web_url} target="_blank" rel="noreferrer noopener">
              {g.full_name}
            </a>
          ) : (
            g.full_name
          )}{' '}
          <span className={styles.identifier}>({g.full_path})</span>
        </>
      ),
    },
    {
      key: 'slug',
      header: 'New group URL',
      width: '240px',
      render: (g) => (
        <input
          aria-label={`New group URL for ${g.full_path}`}
          className={styles.control}
          value={slugs[g.full_path] ?? slugOf(g.full_path)}
          maxLength={255}
          onChange={(event) => onSlug(g.full_path, event.target.value)}
        />
      ),
    },
  ];
  return <Table columns={columns} rows={groups} rowKey={(g) => g.id} caption="Source groups" />;
}
