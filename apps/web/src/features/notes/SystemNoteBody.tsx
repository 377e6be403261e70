import { findReferences, type ReferenceContext } from '@meridian/domain';
import { type ReactNode, useMemo } from 'react';
import { useLabelColors } from '../../lib/LabelColors';
import type { LabelDetail } from '../../lib/types';
import { LabelBadge } from '../../ui/LabelBadge';
import { useReferenceCards } from '../shared/references/useReferenceCards';

/** `#12` → `gfm gfm-issue`, `merge_request` → `gfm-merge-request`: the classes the server's renderer gives. */
const referenceClass = (type: string) => `gfm gfm-${type.replace('_', '-')}`;

/** `project-path` → `data-project-path`. */
const dataAttributes = (data: Record<string, string>) =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [`data-${key}`, value]));

/**
 * A run of a system note's text with its GitLab references (`#12`, `acme/web#3`, `&5`, `@bob`,
 * `%"v1"`) as the links the Markdown renderer makes of them, from the same finder.
 */
function TextWithReferences({ text, context }: { text: string; context: ReferenceContext }) {
  const refs = findReferences(text, context);
  if (refs.length === 0) return <>{text}</>;
  const out: ReactNode[] = [];
  let at = 0;
  for (const ref of refs) {
    if (ref.start > at) out.push(text.slice(at, ref.start));
    out.push(
      <a
        key={ref.start}
        href={ref.href}
        className={referenceClass(ref.type)}
        data-reference-type={ref.type}
        data-original={ref.original}
        {...dataAttributes(ref.data)}
      >
        {ref.original}
      </a>,
    );
    at = ref.end;
  }
  if (at < text.length) out.push(text.slice(at));
  return <>{out}</>;
}

/**
 * A system note's text, with GitLab's `~<label id>` references drawn as label badges when known, its
 * `**bold**` words (GitLab's 'marked this merge request as **draft**') in bold, and its other
 * references ('marked this issue as related to #5', 'added epic &3') as links with their hover cards,
 * resolved against the noteable's project or group (`context`).
 */
export function SystemNoteBody({ body, context = {} }: { body: string; context?: ReferenceContext }) {
  const colors = useLabelColors();
  const cards = useReferenceCards();
  const byId = useMemo(() => {
    const map = new Map<number, LabelDetail>();
    for (const label of colors.values()) if (label.id !== undefined) map.set(label.id, label);
    return map;
  }, [colors]);
  const parts = body.split(/(~\d+\b|\*\*[^*\n]+\*\*)/);
  return (
    <span {...cards.handlers}>
      {parts.map((part, index) => {
        // A label id is never a label's name: unknown (deleted), it stays text.
        if (/^~\d+$/.test(part)) {
          const label = byId.get(Number(part.slice(1)));
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable string.
          return label ? <LabelBadge key={index} label={label} /> : <span key={index}>{part}</span>;
        }
        const bold = /^\*\*([^*\n]+)\*\*$/.exec(part)?.[1];
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable string.
        if (bold) return <strong key={index}>{bold}</strong>;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable string.
          <span key={index}>
            <TextWithReferences text={part} context={context} />
          </span>
        );
      })}
      {cards.card}
    </span>
  );
}
