import { Tabs } from '../../ui/Tabs';
import type { TabLink } from './useFilteredList';

/**
 * The state links of a list (Open / Merged / Closed / All): `<a data-state="…">` whose href keeps
 * the filters and sort and sets `state`, each with its count.
 */
export function StateTabs({ tabs, active, label }: { tabs: TabLink[]; active: string; label: string }) {
  return (
    <Tabs
      label={label}
      active={active}
      items={tabs.map((tab) => ({ id: tab.state, label: tab.label, href: tab.href, count: tab.count }))}
    />
  );
}
