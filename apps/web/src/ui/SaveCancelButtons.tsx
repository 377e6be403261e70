import { Button } from './Button';

/** The buttons under a settings list's add or edit form: submit ("Saving…" while it saves) and Cancel. */
export function SaveCancelButtons({
  className,
  submitLabel,
  pending,
  onCancel,
}: {
  className?: string;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className={className}>
      <Button type="submit" variant="confirm" isDisabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </Button>
      <Button onPress={onCancel}>Cancel</Button>
    </div>
  );
}
