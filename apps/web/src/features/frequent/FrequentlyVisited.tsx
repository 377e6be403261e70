import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../app/ErrorState';
import { AppLink } from '../../lib/AppLink';
import { Avatar } from '../../ui/Avatar';
import { PageSpinner } from '../../ui/Spinner';
import styles from './FrequentlyVisited.module.css';
import type { FrequentItem } from './frequentApi';
import { useFrecentGroups, useFrecentProjects } from './queries';

/** One list of frequent items, or what stands in for it while it loads, fails or is empty. */
function FrequentList({
  id,
  title,
  query,
  empty,
}: {
  id: string;
  title: string;
  query: UseQueryResult<FrequentItem[]>;
  empty: string;
}) {
  let body: ReactNode;
  if (query.isPending) body = <PageSpinner label={`Loading ${title.toLowerCase()}`} />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} what="list" />;
  else if (query.data.length === 0) body = <p className={styles.empty}>{empty}</p>;
  else
    body = (
      <ul className={styles.list} aria-labelledby={id}>
        {query.data.map((item) => (
          <li key={item.id} className={styles.row}>
            <Avatar name={item.name} seed={item.id} size={24} shape="rect" />
            <div>
              <AppLink href={`/${item.fullPath}`} className={styles.name}>
                {item.name}
              </AppLink>
              <div className={styles.path}>{item.fullPath}</div>
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <div>
      <h3 id={id}>{title}</h3>
      {body}
    </div>
  );
}

/** GitLab's "Frequently visited" projects and groups of the signed-in user, ranked on the server (IE-18). */
export function FrequentlyVisited({ userId }: { userId: number }) {
  const projects = useFrecentProjects(userId);
  const groups = useFrecentGroups(userId);
  return (
    <div className={styles.lists}>
      <FrequentList
        id="frequent-projects"
        title="Projects"
        query={projects}
        empty="Projects you visit often appear here."
      />
      <FrequentList id="frequent-groups" title="Groups" query={groups} empty="Groups you visit often appear here." />
    </div>
  );
}
