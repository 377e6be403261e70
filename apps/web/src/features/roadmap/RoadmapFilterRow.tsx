import type { ReactNode } from 'react';
import type { CurrentUser } from '../../lib/types';
import { Button } from '../../ui/Button';
import { FilteredSearchBar } from '../filtered-search/FilteredSearchBar';
import filterRowStyles from '../shared/FilterRow.module.css';
import styles from './RoadmapFilterRow.module.css';
import { SettingsIcon } from './roadmapIcons';

interface RoadmapFilterRowProps {
  fullPath: string;
  namespaceId?: number;
  /** With an epic iid the filter bar is hidden (RF §2): only the sort remains. */
  showBar: boolean;
  user: CurrentUser | null | undefined;
  sortSlot: ReactNode;
  onOpenSettings: () => void;
}

/** The filtered-search bar (roadmap tokens, replacing the history entry on submit), the sort and 'Settings'. */
export function RoadmapFilterRow({
  fullPath,
  namespaceId,
  showBar,
  user,
  sortSlot,
  onOpenSettings,
}: RoadmapFilterRowProps) {
  return (
    <div className={filterRowStyles.filterRow}>
      {showBar ? (
        <div className={styles.filterBar}>
          <FilteredSearchBar
            list="roadmap"
            namespace={{ kind: 'group', fullPath, id: namespaceId }}
            recentSearchesPage="epics"
            signedIn={!!user}
            defaultStateOn={false}
            currentUser={
              user
                ? { id: user.id, username: user.username, name: user.name, avatar_url: user.avatar_url ?? undefined }
                : undefined
            }
            sortSlot={sortSlot}
            replaceHistory
          />
        </div>
      ) : (
        <div className={styles.filterBar}>{sortSlot}</div>
      )}
      <Button onPress={onOpenSettings} aria-haspopup="dialog">
        <SettingsIcon />
        Settings
      </Button>
    </div>
  );
}
