import type { FilterToken, TokenDefinition } from '@meridian/domain';
import { parseScopedLabel } from '@meridian/domain';
import { ScopedLabelParts } from '../../ui/LabelBadge';
import styles from './FilteredSearchBar.module.css';

export interface ChipLabelColor {
  color: string;
  textColor: string;
}

function Value({
  token,
  def,
  labelColor,
  valueText,
}: {
  token: FilterToken;
  def?: TokenDefinition;
  labelColor?: ChipLabelColor;
  valueText?: string;
}) {
  if (token.type === 'label' && labelColor) {
    const scoped = parseScopedLabel(token.value);
    const style = { backgroundColor: labelColor.color, color: labelColor.textColor, borderColor: labelColor.color };
    if (!scoped) {
      return (
        <span className={`${styles.segment} ${styles.labelValue}`} style={style}>
          {token.value}
        </span>
      );
    }
    return (
      <span
        className={`${styles.segment} ${styles.labelValue} ${styles.scopedValue}`}
        style={{ borderColor: labelColor.color }}
      >
        <ScopedLabelParts
          scoped={scoped}
          colors={labelColor}
          classes={{ scope: styles.labelScope, value: styles.labelScopeValue }}
        />
      </span>
    );
  }
  if (valueText) return <span className={`${styles.segment} ${styles.valueSegment}`}>{valueText}</span>;
  const isPredefined = def?.predefined.some((pv) => pv.value.toLowerCase() === token.value.toLowerCase()) ?? false;
  const symbol = def?.symbol && !isPredefined ? def.symbol : '';
  return <span className={`${styles.segment} ${styles.valueSegment}`}>{`${symbol}${token.value}`}</span>;
}

/** A committed token: `key | operator | value` segments; clicking edits it, × removes it. */
export function TokenChip({
  token,
  def,
  labelColor,
  valueText,
  selected,
  onEdit,
  onRemove,
}: {
  token: FilterToken;
  def?: TokenDefinition;
  labelColor?: ChipLabelColor;
  /** What to show instead of the raw value (an epic's or iteration's title for its id). */
  valueText?: string;
  selected?: boolean;
  onEdit?: () => void;
  onRemove?: () => void;
}) {
  const title = def?.title ?? token.type;
  const name = `${title} ${token.operator} ${token.value}`;
  const segments = (
    <>
      <span className={`${styles.segment} ${styles.keySegment}`}>{title}</span>
      <span className={`${styles.segment} ${styles.operatorSegment}`}>{token.operator}</span>
      <Value token={token} def={def} labelColor={labelColor} valueText={valueText} />
    </>
  );
  return (
    <span className={`${styles.token} ${selected ? styles.tokenSelected : ''}`} data-testid="filtered-search-token">
      {onEdit ? (
        <button type="button" className={styles.tokenBody} onClick={onEdit} aria-label={`Edit filter ${name}`}>
          {segments}
        </button>
      ) : (
        <span className={styles.tokenBody}>{segments}</span>
      )}
      {onRemove && (
        <button type="button" className={styles.tokenRemove} onClick={onRemove} aria-label={`Remove filter ${name}`}>
          ×
        </button>
      )}
    </span>
  );
}
