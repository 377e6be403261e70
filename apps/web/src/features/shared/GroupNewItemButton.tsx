import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { apiGet, apiPath, encodeId } from '../../lib/api';
import { urls } from '../../lib/paths';
import { recentItems } from '../../lib/recentItems';
import { buttonClassName } from '../../ui/buttonClassName';
import styles from './GroupNewItemButton.module.css';
import { OptionPicker } from './sidebar/OptionPicker';
import type { PickerOption } from './sidebar/sidebarOptions';

/** IE §9: at most 3 recently used projects, listed first. */
const MAX_RECENT = 3;

interface RecentProject {
  path: string;
  name: string;
}

const isRecentProject = (value: unknown): value is RecentProject =>
  !!value && typeof (value as RecentProject).path === 'string' && typeof (value as RecentProject).name === 'string';

/** What a group's list can open in one of its projects. */
export type NewItemKind = 'issue' | 'merge_request';

/**
 * Per kind: the button, the chooser's title, the projects it offers (where the item can be opened —
 * for a merge request, where the user is Developer or above), and the item's form.
 */
const KINDS = {
  issue: {
    label: 'New issue',
    title: 'Select project to create issue',
    projects: { with_issues_enabled: true },
    href: urls.newIssue,
  },
  merge_request: {
    label: 'New merge request',
    title: 'Select project to create merge request',
    projects: { with_merge_requests_enabled: true, min_access_level: 30 },
    href: urls.newMergeRequest,
  },
} as const;

/** The filters of `GET /groups/:id/projects` for the projects where a `kind` can be opened. */
export const newItemProjectFilters = (kind: NewItemKind) => KINDS[kind].projects;

const recentProjects = (groupPath: string, kind: NewItemKind) =>
  recentItems(
    `group-${groupPath}-new-${kind.replace('_', '-')}-recent-projects`,
    MAX_RECENT,
    isRecentProject,
    (a, b) => a.path === b.path,
  );

interface ProjectJson {
  path_with_namespace: string;
  name_with_namespace: string;
}

/** The group's projects (and its subgroups') where the item can be opened, recent ones first. */
async function projectChoices(
  groupPath: string,
  kind: NewItemKind,
  search: string,
  signal: AbortSignal,
): Promise<PickerOption[]> {
  const rows = await apiGet<ProjectJson[]>(
    apiPath(`/groups/${encodeId(groupPath)}/projects`, {
      search,
      include_subgroups: true,
      ...newItemProjectFilters(kind),
      archived: false,
      order_by: 'name',
      sort: 'asc',
      per_page: 20,
    }),
    signal,
  );
  const recent = search ? [] : recentProjects(groupPath, kind).read();
  const recentPaths = new Set(recent.map((r) => r.path));
  return [
    ...recent.map((r) => ({ id: r.path, text: r.name, group: 'Recent' })),
    ...rows
      .filter((p) => !recentPaths.has(p.path_with_namespace))
      .map((p) => ({ id: p.path_with_namespace, text: p.name_with_namespace, group: 'Projects' })),
  ];
}

/**
 * The group issue list's New issue (IE §2.1, §5) and merge request list's New merge request: a group
 * has no issues or merge requests of its own, so the button asks which project to open the item in —
 * the 3 projects used last first — then goes to its form.
 */
export function GroupNewItemButton({ groupPath, kind }: { groupPath: string; kind: NewItemKind }) {
  const { label, title, href } = KINDS[kind];
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);
  const choose = (option: PickerOption | undefined) => {
    if (!option) return;
    recentProjects(groupPath, kind).save({ path: option.id, name: option.text });
    void router.navigate({ href: href(option.id) });
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the chooser wherever focus is inside it
    <div ref={wrapper} className={styles.wrapper} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className={buttonClassName('confirm')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      {open && (
        <div id={panelId} className={styles.panel} role="dialog" aria-label={title}>
          <strong className={styles.title}>{title}</strong>
          <OptionPicker
            name={title}
            queryKey={['groups', groupPath, `new-${kind}-projects`]}
            load={(search, signal) => projectChoices(groupPath, kind, search, signal)}
            current={[]}
            multiple={false}
            onApply={(_ids, [chosen]) => choose(chosen)}
          />
        </div>
      )}
    </div>
  );
}
