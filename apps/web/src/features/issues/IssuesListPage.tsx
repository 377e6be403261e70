import { AppLink } from '../../lib/AppLink';
import { urls } from '../../lib/paths';
import { useSession } from '../../lib/session';
import type { Issue } from '../../lib/types';
import { buttonClassName } from '../../ui/buttonClassName';
import stack from '../../ui/Stack.module.css';
import { ImportMenu } from '../imports/ImportMenu';
import { GroupNewItemButton } from '../shared/GroupNewItemButton';
import { StateListPage, type StateListTab } from '../shared/StateListPage';
import { IssuesTable } from './IssuesTable';
import { issueKeys } from './queries';

const TABS: StateListTab[] = [
  { state: 'opened', label: 'Open', emptyTitle: 'No open issues found' },
  { state: 'closed', label: 'Closed', emptyTitle: 'No closed issues found' },
  { state: 'all', label: 'All', emptyTitle: 'No issues found' },
];

const LIST = {
  list: 'issues' as const,
  scope: issueKeys.lists(),
  title: 'Issues',
  tabs: TABS,
  tabsLabel: 'Issue state',
  emptyDescription: 'Issues are where you plan and discuss work.',
};

/** `/:group/:project/-/issues`, and `/groups/:group/-/issues`: issues of every project in the group and its subgroups. */
export function IssuesListPage({ kind, fullPath }: { kind: 'group' | 'project'; fullPath: string }) {
  const inProject = kind === 'project';
  const { user } = useSession();
  return (
    <StateListPage<Issue>
      {...LIST}
      owner={{ kind, fullPath, page: 'issues' }}
      exportCsvPath={inProject ? `/${fullPath}/-/issues.csv` : `/groups/${fullPath}/-/issues.csv`}
      // Any signed-in user who sees the project may open an issue; on a group list they choose the project first.
      actions={
        user &&
        (inProject ? (
          // One group at the title's right: the header spreads its children apart.
          <span className={stack.row} style={{ gap: 'var(--space-2)' }}>
            <ImportMenu projectPath={fullPath} />
            <AppLink href={urls.newIssue(fullPath)} className={buttonClassName('confirm')}>
              New issue
            </AppLink>
          </span>
        ) : (
          <GroupNewItemButton groupPath={fullPath} kind="issue" />
        ))
      }
      renderTable={(issues) => (
        <IssuesTable issues={issues} projectPath={inProject ? fullPath : undefined} showProject={!inProject} />
      )}
    />
  );
}
