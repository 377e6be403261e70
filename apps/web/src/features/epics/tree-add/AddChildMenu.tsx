import { useState } from 'react';
import {
  Button as AriaButton,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
} from 'react-aria-components';
import menu from '../../../ui/Menu.module.css';
import type { EpicPageData } from '../header/epicPageApi';
import styles from './AddChildMenu.module.css';
import { AddExistingForm } from './AddExistingForm';
import { CreateEpicForm } from './CreateEpicForm';
import { CreateIssueForm } from './CreateIssueForm';
import { useChildrenChanged } from './queries';

type FormKind = 'new-issue' | 'existing-issue' | 'new-epic' | 'existing-epic';

/**
 * The child-items panel's Add dropdown (IE §2.3): Issue ('Add a new issue', 'Add an existing
 * issue') and Epic ('Add a new epic' for who may admin the epic, 'Add an existing epic'), shown to
 * who may add children — as the page JSON's permissions say. One form at a time: choosing another replaces it; Cancel or Escape closes it.
 */
export function AddChildMenu({ epic, groupPath }: { epic: EpicPageData; groupPath: string }) {
  const childrenChanged = useChildrenChanged(groupPath, epic.iid);
  const [form, setForm] = useState<FormKind | null>(null);
  const may = epic.user_permissions;
  if (!may.admin_epic_relation) return null;

  const close = () => setForm(null);
  const added = () => {
    setForm(null);
    childrenChanged();
  };
  const formProps = { epic, groupPath, onCancel: close, onAdded: added };

  return (
    <div className={styles.root}>
      <MenuTrigger>
        <AriaButton className={styles.trigger}>
          Add <span aria-hidden="true">▾</span>
        </AriaButton>
        <Popover className={menu.popover} placement="bottom end">
          <Menu className={menu.menu} onAction={(key) => setForm(key as FormKind)}>
            <MenuSection>
              <Header className={styles.sectionHeader}>Issue</Header>
              <MenuItem id="new-issue" className={menu.item}>
                Add a new issue
              </MenuItem>
              <MenuItem id="existing-issue" className={menu.item}>
                Add an existing issue
              </MenuItem>
            </MenuSection>
            {may.read_epic && <Separator className={menu.separator} />}
            {may.read_epic && (
              <MenuSection>
                <Header className={styles.sectionHeader}>Epic</Header>
                {may.admin_epic && may.create_epic ? (
                  <MenuItem id="new-epic" className={menu.item}>
                    Add a new epic
                  </MenuItem>
                ) : null}
                <MenuItem id="existing-epic" className={menu.item}>
                  Add an existing epic
                </MenuItem>
              </MenuSection>
            )}
          </Menu>
        </Popover>
      </MenuTrigger>
      {form === 'new-issue' && <CreateIssueForm key={form} {...formProps} />}
      {form === 'existing-issue' && <AddExistingForm key={form} type="issue" {...formProps} />}
      {form === 'new-epic' && <CreateEpicForm key={form} {...formProps} />}
      {form === 'existing-epic' && <AddExistingForm key={form} type="epic" {...formProps} />}
    </div>
  );
}
