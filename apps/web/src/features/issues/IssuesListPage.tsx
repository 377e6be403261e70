import { AppLink } from '../../lib/AppLink';
import { encodeId } from '../../lib/api';
import { urls } from '../../lib/paths';
import { useSession } from '../../lib/session';
import type { Issue } from '../../lib/types';
import { buttonClassName } from '../../ui/buttonClassName';
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
  loadingLabel: 'Loading issues',
  emptyDescription: 'Issues are where you plan and discuss work.',
};

/** `/:group/:project/-/issues`, with "New issue" for signed-in users (any who see the project may open one). */
export function ProjectIssuesPage({ fullPath }: { fullPath: string }) {
  const { user } = useSession();
  return (
    <StateListPage<Issue>
      {...LIST}
      actions={
        user && (
          <AppLink href={urls.newIssue(fullPath)} className={buttonClassName('confirm')}>
            New issue
          </AppLink>
        )
      }
      owner={{ kind: 'project', fullPath, page: 'issues' }}
      path={`/projects/${encodeId(fullPath)}/issues`}
      renderTable={(issues) => <IssuesTable issues={issues} projectPath={fullPath} showProject={false} />}
    />
  );
}

/** `/groups/:group/-/issues`: issues of every project in the group and its subgroups. */
export function GroupIssuesPage({ fullPath }: { fullPath: string }) {
  return (
    <StateListPage<Issue>
      {...LIST}
      owner={{ kind: 'group', fullPath, page: 'issues' }}
      path={`/groups/${encodeId(fullPath)}/issues`}
      renderTable={(issues) => <IssuesTable issues={issues} showProject />}
    />
  );
}
