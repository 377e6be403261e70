import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { apiGet, apiPath, encodeId } from '../../lib/api';
import { urls } from '../../lib/paths';
import { recentItems } from '../../lib/recentItems';
import { buttonClassName } from '../../ui/buttonClassName';
import { OptionPicker } from '../shared/sidebar/OptionPicker';
import type { PickerOption } from '../shared/sidebar/sidebarOptions';
import styles from './GroupNewIssueButton.module.css';

/** IE §9: at most 3 recently used projects, listed first. */
const MAX_RECENT = 3;

interface RecentProject {
  path: string;
  name: string;
}

const isRecentProject = (value: unknown): value is RecentProject =>
  !!value && typeof (value as RecentProject).path === 'string' && typeof (value as RecentProject).name === 'string';

const recentProjects = (groupPath: string) =>
  recentItems(`group-${groupPath}-new-issue-recent-projects`, MAX_RECENT, isRecentProject, (a, b) => a.path === b.path);

interface ProjectJson {
  path_with_namespace: string;
  name_with_namespace: string;
}

/** The group's projects (and its subgroups') where an issue can be opened, recent ones first. */
async function projectChoices(groupPath: string, search: string, signal: AbortSignal): Promise<PickerOption[]> {
  const rows = await apiGet<ProjectJson[]>(
    apiPath(`/groups/${encodeId(groupPath)}/projects`, {
      search,
      include_subgroups: true,
      with_issues_enabled: true,
      archived: false,
      order_by: 'name',
      sort: 'asc',
      per_page: 20,
    }),
    signal,
  );
  const recent = search ? [] : recentProjects(groupPath).read();
  const recentPaths = new Set(recent.map((r) => r.path));
  return [
    ...recent.map((r) => ({ id: r.path, text: r.name, group: 'Recent' })),
    ...rows
      .filter((p) => !recentPaths.has(p.path_with_namespace))
      .map((p) => ({ id: p.path_with_namespace, text: p.name_with_namespace, group: 'Projects' })),
  ];
}

/**
 * The group issue list's New issue (IE §2.1, §5): a group has no issues of its own, so the button
 * asks which project to open the issue in — the 3 projects used last first — then goes to its form.
 */
export function GroupNewIssueButton({ groupPath }: { groupPath: string }) {
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
    recentProjects(groupPath).save({ path: option.id, name: option.text });
    void router.navigate({ href: urls.newIssue(option.id) });
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
        New issue
      </button>
      {open && (
        <div id={panelId} className={styles.panel} role="dialog" aria-label="Select project to create issue">
          <strong className={styles.title}>Select project to create issue</strong>
          <OptionPicker
            name="Select project to create issue"
            queryKey={['groups', groupPath, 'new-issue-projects']}
            load={(search, signal) => projectChoices(groupPath, search, signal)}
            current={[]}
            multiple={false}
            onApply={(_ids, [chosen]) => choose(chosen)}
          />
        </div>
      )}
    </div>
  );
}
