import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '../../ui/Alert';
import { buttonClassName } from '../../ui/buttonClassName';
import newItemStyles from '../../ui/Form.module.css';
import { issueTemplateContent, issueTemplates, type TemplateChoice } from './issuesApi';
import { issueKeys } from './queries';
import styles from './TemplatePicker.module.css';

/** IE §5: choosing a template over edited content asks first. */
export const TEMPLATE_OVERWRITE_TEXT =
  'Applying a template will replace the existing content. Any changes you have made will be lost.';

function TemplateOptions({ label, templates }: { label: string; templates: TemplateChoice[] }) {
  if (templates.length === 0) return null;
  return (
    <optgroup label={label}>
      {templates.map((t) => (
        <option key={t.name} value={t.name}>
          {t.name}
        </option>
      ))}
    </optgroup>
  );
}

/**
 * IE §2.2 and §4's template dropdown, on the new issue page and in the edit form: 'Choose a template'
 * until one is chosen, then 'No template' (clears the description) and 'Reset template' (loads it
 * again). A template loads at once into an empty editor or over the previous template's untouched
 * text; over anything else §5's warning offers 'Apply template' or 'Cancel' (the choice stays as it
 * was). The list loads once per project; when it cannot be loaded there is no dropdown.
 */
export function TemplatePicker({
  projectPath,
  description,
  onLoad,
  className,
}: {
  projectPath: string;
  description: string;
  onLoad: (content: string) => void;
  className?: string;
}) {
  const id = useId();
  const templates = useQuery({
    queryKey: [...issueKeys.all, 'templates', projectPath],
    queryFn: ({ signal }) => issueTemplates(projectPath, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [chosen, setChosen] = useState('');
  const [loaded, setLoaded] = useState('');
  const [pending, setPending] = useState<{ name: string; content: string } | null>(null);
  const [failed, setFailed] = useState(false);
  if (!templates.data?.length) return null;

  const apply = (name: string, content: string) => {
    setChosen(name);
    setLoaded(content);
    setPending(null);
    onLoad(content);
  };
  const untouched = description.trim() === '' || description === loaded;
  const choose = async (name: string) => {
    setFailed(false);
    try {
      const content = name === '' ? '' : await issueTemplateContent(projectPath, name);
      if (untouched) apply(name, content);
      else setPending({ name, content });
    } catch {
      setFailed(true);
    }
  };

  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id} className={newItemStyles.label}>
        Description template
      </label>
      <div className={styles.row}>
        <select
          id={id}
          className={newItemStyles.input}
          value={chosen}
          onChange={(event) => void choose(event.target.value)}
        >
          <option value="">{chosen ? 'No template' : 'Choose a template'}</option>
          <TemplateOptions label="Project templates" templates={templates.data.filter((t) => !t.inherited)} />
          <TemplateOptions label="Group templates" templates={templates.data.filter((t) => t.inherited)} />
        </select>
        {chosen && (
          <button type="button" className={buttonClassName('tertiary', 'small')} onClick={() => void choose(chosen)}>
            Reset template
          </button>
        )}
      </div>
      {failed && <Alert variant="danger">The template could not be loaded. Please try again.</Alert>}
      {pending && (
        <Alert
          variant="warning"
          title={TEMPLATE_OVERWRITE_TEXT}
          action={
            <span className={styles.buttons}>
              <button type="button" className={buttonClassName('default', 'small')} onClick={() => setPending(null)}>
                Cancel
              </button>
              <button
                type="button"
                className={buttonClassName('confirm', 'small')}
                onClick={() => apply(pending.name, pending.content)}
              >
                Apply template
              </button>
            </span>
          }
        />
      )}
    </div>
  );
}
