import { AppLink } from '../../lib/AppLink';
import { urls } from '../../lib/paths';
import { useTemplateGroup } from './queries';
import styles from './TemplatesSettings.module.css';

/** "Inherited from <group>" for a template kept in a parent group, linking to that group. */
export function InheritedFrom({ groupId }: { groupId: number }) {
  const group = useTemplateGroup(groupId);
  return (
    <span className={styles.inherited}>
      Inherited from{' '}
      {group.data ? (
        <AppLink href={urls.group(group.data.full_path)}>{group.data.full_name ?? group.data.name}</AppLink>
      ) : (
        'a parent group'
      )}
    </span>
  );
}
