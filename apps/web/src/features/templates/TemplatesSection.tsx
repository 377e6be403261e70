import { useState } from 'react';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { DeleteTemplateDialog } from './DeleteTemplateDialog';
import { useCreateTemplate, useDeleteTemplate, useTemplates } from './queries';
import { TemplateForm } from './TemplateForm';
import { TemplateRow } from './TemplateRow';
import styles from './TemplatesSettings.module.css';
import type { TemplateOwner, TemplateSummary, TemplateType } from './templatesApi';

const TITLES: Record<TemplateType, string> = { issues: 'Issue templates', merge_requests: 'Merge request templates' };
const ADD: Record<TemplateType, string> = {
  issues: 'Add issue template',
  merge_requests: 'Add merge request template',
};
const EMPTY = { name: '', content: '' };

/** A template kept by the owner itself (not one of a parent group's). */
function ownedBy(owner: TemplateOwner, ownerId: number, template: TemplateSummary): boolean {
  return owner.kind === 'project' ? template.source === 'project' : template.group_id === ownerId;
}

/**
 * One kind of description template (issues or merge requests) for those who may manage them: the
 * list, and adding, editing, deleting the owner's own.
 */
export function TemplatesSection({
  owner,
  ownerId,
  type,
}: {
  owner: TemplateOwner;
  ownerId: number;
  type: TemplateType;
}) {
  const list = useTemplates(owner, type);
  const create = useCreateTemplate(owner, type);
  const remove = useDeleteTemplate(owner, type);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const title = TITLES[type];

  const startAdding = () => {
    create.reset();
    setEditing(null);
    setAdding(true);
  };
  const confirmDelete = () => {
    if (deleting === null) return;
    remove.mutate(deleting, { onSuccess: () => setDeleting(null) });
  };

  return (
    <section className={styles.kind} aria-labelledby={`templates-${type}`}>
      <div className={styles.kindHeader}>
        <h3 id={`templates-${type}`}>{title}</h3>
        {!adding && (
          <Button size="small" onPress={startAdding}>
            {ADD[type]}
          </Button>
        )}
      </div>
      {adding && (
        <TemplateForm
          owner={owner}
          initial={EMPTY}
          submitLabel="Add template"
          save={create}
          onClose={() => setAdding(false)}
        />
      )}
      {list.isPending && <Spinner label={`Loading ${title.toLowerCase()}`} />}
      {list.isError && <Alert variant="danger">{list.error.message}</Alert>}
      {list.data?.length === 0 && <p className={styles.empty}>No {title.toLowerCase()} yet.</p>}
      {list.data && list.data.length > 0 && (
        <ul className={styles.list} aria-label={title}>
          {list.data.map((template) => (
            <TemplateRow
              key={template.id}
              owner={owner}
              type={type}
              template={template}
              own={ownedBy(owner, ownerId, template)}
              editing={editing === template.name}
              onEdit={() => {
                setAdding(false);
                setEditing(template.name);
              }}
              onDelete={() => {
                remove.reset();
                setDeleting(template.name);
              }}
              onEditDone={() => setEditing(null)}
            />
          ))}
        </ul>
      )}
      <DeleteTemplateDialog
        name={deleting}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
