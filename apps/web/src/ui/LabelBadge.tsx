import { parseScopedLabel } from '@meridian/domain';
import { useLabelColors } from '../lib/LabelColors';
import { toLabelView } from '../lib/labels';
import type { LabelRef } from '../lib/types';
import styles from './LabelBadge.module.css';

/** A label; a scoped label `key::value` is drawn as two parts (scope on colour, value on white). */
export function LabelBadge({ label }: { label: LabelRef }) {
  const colors = useLabelColors();
  const view = toLabelView(typeof label === 'string' ? (colors.get(label) ?? label) : label);
  const scoped = parseScopedLabel(view.name);
  const title = view.description ?? undefined;
  if (!scoped) {
    return (
      <span
        className={styles.label}
        style={{ backgroundColor: view.color, color: view.textColor, borderColor: view.color }}
        title={title}
        data-testid="label"
      >
        {view.name}
      </span>
    );
  }
  return (
    <span
      className={`${styles.label} ${styles.scoped}`}
      style={{ borderColor: view.color }}
      title={title}
      data-testid="label"
    >
      <ScopedLabelParts scoped={scoped} colors={view} classes={styles} />
    </span>
  );
}

/** A scoped label's two parts: the scope on the label's colour, a `::` for screen readers only, the value. */
export function ScopedLabelParts({
  scoped,
  colors,
  classes,
}: {
  scoped: { scope: string; value: string };
  colors: { color: string; textColor: string };
  classes: { scope?: string; value?: string };
}) {
  return (
    <>
      <span className={classes.scope} style={{ backgroundColor: colors.color, color: colors.textColor }}>
        {scoped.scope}
      </span>
      <span className="visually-hidden">::</span>
      <span className={classes.value}>{scoped.value}</span>
    </>
  );
}

/** A wrapping row of labels. */
export function LabelList({ labels }: { labels: LabelRef[] }) {
  if (labels.length === 0) return null;
  return (
    <span className={styles.list}>
      {labels.map((label) => (
        <LabelBadge key={typeof label === 'string' ? label : label.name} label={label} />
      ))}
    </span>
  );
}
