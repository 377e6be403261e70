import { Heading } from 'react-aria-components';
import { Button } from './Button';

/** The title row of a modal or drawer: the dialog's heading and its Close button. */
export function DialogHeader({
  title,
  close,
  styles,
}: {
  title: string;
  close: () => void;
  styles: { header?: string; title?: string };
}) {
  return (
    <header className={styles.header}>
      <Heading slot="title" className={styles.title}>
        {title}
      </Heading>
      <Button variant="tertiary" size="small" onPress={close} aria-label="Close">
        <span aria-hidden="true">✕</span>
      </Button>
    </header>
  );
}
