import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert, QuestionAlert } from '../../ui/Alert';
import { buttonClassName } from '../../ui/buttonClassName';
import newItemStyles from '../../ui/Form.module.css';
import { defaultTemplateName } from './defaultTemplate';
import { templateKeys } from './queries';
import styles from './TemplatePicker.module.css';
import { fetchTemplate, listTemplates, type TemplateSummary, type TemplateType } from './templatesApi';

/** IE §5: choosing a template over edited content asks first. */
export const TEMPLATE_OVERWRITE_TEXT =
  'Applying a template will replace the existing content. Any changes you have made will be lost.';

function TemplateOptions({ label, templates }: { label: string; templates: TemplateSummary[] }) {
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

/** The picker's list of a project's templates of a kind: loaded once, again when templates change. */
export const templatePickerKey = (projectPath: string, kind: TemplateType) =>
  [...templateKeys.all, 'picker', kind, projectPath] as const;

/**
 * IE §2.2, §2.8 and §4's template dropdown, on the new issue and new merge request pages and in the
 * issue edit form: 'Choose a template' until one is chosen, then 'No template' (clears the
 * description) and 'Reset template' (loads it again). A template loads at once into an empty editor
 * or over the previous template's untouched text; over anything else §5's warning offers 'Apply
 * template' or 'Cancel' (the choice stays as it was). With `startWithDefault` (a new item), the
 * template named "Default" is chosen and loaded into an empty description, as GitLab does. The list
 * loads once per project; when it cannot be loaded there is no dropdown.
 */
export function TemplatePicker({
  projectPath,
  kind,
  description,
  onLoad,
  startWithDefault = false,
  className,
}: {
  projectPath: string;
  kind: TemplateType;
  description: string;
  onLoad: (content: string) => void;
  startWithDefault?: boolean;
  className?: string;
}) {
  const id = useId();
  const owner = { kind: 'project', fullPath: projectPath } as const;
  const templates = useQuery({
    queryKey: templatePickerKey(projectPath, kind),
    queryFn: ({ signal }) => listTemplates(owner, kind, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [chosen, setChosen] = useState('');
  const [loaded, setLoaded] = useState('');
  const [pending, setPending] = useState<{ name: string; content: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const untouched = description.trim() === '' || description === loaded;

  const apply = (name: string, content: string) => {
    setChosen(name);
    setLoaded(content);
    setPending(null);
    onLoad(content);
  };
  const choose = async (name: string) => {
    setFailed(false);
    try {
      const content = name === '' ? '' : (await fetchTemplate(owner, kind, name)).content;
      if (untouched) apply(name, content);
      else setPending({ name, content });
    } catch {
      setFailed(true);
    }
  };

  // The default template is offered once, when the list first arrives, and only to an empty description.
  const offeredDefault = useRef(false);
  const defaultName = templates.data ? defaultTemplateName(templates.data) : undefined;
  useEffect(() => {
    if (!startWithDefault || !templates.data || offeredDefault.current) return;
    offeredDefault.current = true;
    if (defaultName && description.trim() === '') void choose(defaultName);
  });

  if (!templates.data?.length) return null;

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
          <TemplateOptions label="Project templates" templates={templates.data.filter((t) => t.source !== 'group')} />
          <TemplateOptions label="Group templates" templates={templates.data.filter((t) => t.source === 'group')} />
        </select>
        {chosen && (
          <button type="button" className={buttonClassName('tertiary', 'small')} onClick={() => void choose(chosen)}>
            Reset template
          </button>
        )}
      </div>
      {failed && <Alert variant="danger">The template could not be loaded. Please try again.</Alert>}
      {pending && (
        <QuestionAlert question={TEMPLATE_OVERWRITE_TEXT}>
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
        </QuestionAlert>
      )}
    </div>
  );
}
