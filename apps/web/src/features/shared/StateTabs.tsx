import { AppLink } from '../../lib/AppLink';
import tabStyles from '../../ui/Tabs.module.css';
import type { TabLink } from './useFilteredList';

/**
 * The state links of a list (Open / Merged / Closed / All): `<a data-state="…">` whose href keeps
 * the filters and sort and sets `state`, each with its count.
 */
export function StateTabs({ tabs, active, label }: { tabs: TabLink[]; active: string; label: string }) {
  return (
    <nav aria-label={label} className={tabStyles.tabs}>
      {tabs.map((tab) => (
        <AppLink
          key={tab.state}
          href={tab.href}
          data-state={tab.state}
          className={`${tabStyles.tab} ${tab.state === active ? tabStyles.active : ''}`}
          aria-current={tab.state === active ? 'page' : undefined}
        >
          {tab.label}
          {tab.count !== undefined && (
            <span className={tabStyles.count} data-testid="state-count">
              {tab.count}
            </span>
          )}
        </AppLink>
      ))}
    </nav>
  );
}
