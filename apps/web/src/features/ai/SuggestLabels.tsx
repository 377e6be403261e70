import { useMutation } from '@tanstack/react-query';
import { Button } from '../../ui/Button';
import { LabelBadge } from '../../ui/LabelBadge';
import styles from './IssueAi.module.css';
import { suggestLabels } from './issueAiApi';

/**
 * "Suggest labels" beside a new issue's Labels: the provider picks among the project's existing
 * labels from the title and description (the server never answers one that does not exist); each
 * suggestion is added by selecting it.
 */
export function SuggestLabels({
  projectPath,
  title,
  description,
  chosen,
  onAdd,
}: {
  projectPath: string;
  title: string;
  description: string;
  chosen: string[];
  onAdd: (name: string) => void;
}) {
  const suggestions = useMutation({ mutationFn: () => suggestLabels(projectPath, title.trim(), description) });
  return (
    <div className={styles.suggestions}>
      <Button size="small" onPress={() => suggestions.mutate()} isDisabled={suggestions.isPending || !title.trim()}>
        {suggestions.isPending ? 'Suggesting…' : 'Suggest labels'}
      </Button>
      {suggestions.isError && (
        <span role="alert" className={styles.error}>
          {suggestions.error.message}
        </span>
      )}
      {suggestions.data?.length === 0 && <span className={styles.note}>No label fits.</span>}
      {suggestions.data?.map((label) => {
        const added = chosen.includes(label.name);
        return (
          <button
            key={label.name}
            type="button"
            className={styles.suggestion}
            disabled={added}
            onClick={() => onAdd(label.name)}
            aria-label={added ? `${label.name} added` : `Add label ${label.name}`}
          >
            <LabelBadge label={label} />
            {!added && <span aria-hidden="true">+</span>}
          </button>
        );
      })}
    </div>
  );
}
