import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { InheritedFrom } from './InheritedFrom';
import { useTemplate, useUpdateTemplate } from './queries';
import { TemplateForm } from './TemplateForm';
import styles from './TemplatesSettings.module.css';
import type { TemplateOwner, TemplateSummary, TemplateType } from './templatesApi';

/** The edit form of one of the owner's templates, filled once its content has loaded. */
function EditTemplate({
  owner,
  type,
  name,
  onDone,
}: {
  owner: TemplateOwner;
  type: TemplateType;
  name: string;
  onDone: () => void;
}) {
  const template = useTemplate(owner, type, name);
  const update = useUpdateTemplate(owner, type, name);
  if (template.isPending) return <Spinner label="Loading template" />;
  if (template.isError) return <p className={styles.error}>{template.error.message}</p>;
  return (
    <TemplateForm
      owner={owner}
      initial={{ name: template.data.name, content: template.data.content }}
      submitLabel="Save changes"
      save={update}
      onClose={onDone}
    />
  );
}

/**
 * A template in the settings list: the owner's own ones with Edit and Delete, inherited ones
 * read-only with the group they come from.
 */
export function TemplateRow({
  owner,
  type,
  template,
  own,
  editing,
  onEdit,
  onDelete,
  onEditDone,
}: {
  owner: TemplateOwner;
  type: TemplateType;
  template: TemplateSummary;
  own: boolean;
  editing: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onEditDone: () => void;
}) {
  return (
    <li className={styles.row}>
      <span className={styles.name}>{template.name}</span>
      {!own && template.group_id !== null && <InheritedFrom groupId={template.group_id} />}
      {own && !editing && (
        <span className={styles.rowActions}>
          <Button size="small" onPress={onEdit} aria-label={`Edit ${template.name}`}>
            Edit
          </Button>
          <Button size="small" variant="danger" onPress={onDelete} aria-label={`Delete ${template.name}`}>
            Delete
          </Button>
        </span>
      )}
      {editing && (
        <div className={styles.editing}>
          <EditTemplate owner={owner} type={type} name={template.name} onDone={onEditDone} />
        </div>
      )}
    </li>
  );
}
