import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../ui/Button';
import formStyles from '../../ui/Form.module.css';
import styles from './IssueAi.module.css';
import { generateDescription } from './issueAiApi';

/**
 * GitLab's "Generate issue description" above a new issue's Description: the author writes a short
 * description, selects Submit, and the description is replaced with the AI-generated text — plain
 * Markdown in the text box, which the author edits before creating the issue.
 */
export function GenerateDescription({
  projectPath,
  title,
  onGenerated,
}: {
  projectPath: string;
  title: string;
  onGenerated: (description: string) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState('');
  const draft = useMutation({
    mutationFn: () => generateDescription(projectPath, title.trim(), content),
    onSuccess: (description) => {
      onGenerated(description);
      setOpen(false);
      setContent('');
    },
  });
  if (!open) {
    return (
      <div className={styles.bar}>
        <Button size="small" onPress={() => setOpen(true)}>
          Generate issue description
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.panel}>
      <label className={formStyles.label} htmlFor={`${id}-content`}>
        Short description
      </label>
      <textarea
        id={`${id}-content`}
        className={formStyles.input}
        rows={3}
        maxLength={10_000}
        value={content}
        onChange={(event) => setContent(event.target.value)}
      />
      {!title.trim() && <p className={styles.note}>Write the issue's title first: the description starts from it.</p>}
      {draft.isError && (
        <p role="alert" className={styles.error}>
          {draft.error.message}
        </p>
      )}
      <div className={styles.bar}>
        <Button
          size="small"
          variant="confirm"
          onPress={() => draft.mutate()}
          isDisabled={draft.isPending || !title.trim()}
        >
          {draft.isPending ? 'Generating…' : 'Submit'}
        </Button>
        <Button size="small" variant="tertiary" onPress={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
      <p className={styles.note}>The description is replaced with AI-generated text.</p>
    </div>
  );
}
