import { useMemo } from 'react';
import { useLabelColors } from '../../lib/LabelColors';
import type { LabelDetail } from '../../lib/types';
import { LabelBadge } from '../../ui/LabelBadge';

/**
 * A system note's text, with GitLab's `~<label id>` references drawn as label badges when known and
 * its `**bold**` words (GitLab's 'marked this merge request as **draft**') in bold.
 */
export function SystemNoteBody({ body }: { body: string }) {
  const colors = useLabelColors();
  const byId = useMemo(() => {
    const map = new Map<number, LabelDetail>();
    for (const label of colors.values()) if (label.id !== undefined) map.set(label.id, label);
    return map;
  }, [colors]);
  const parts = body.split(/(~\d+\b|\*\*[^*\n]+\*\*)/);
  return (
    <>
      {parts.map((part, index) => {
        const label = /^~\d+$/.test(part) ? byId.get(Number(part.slice(1))) : undefined;
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable string.
        if (label) return <LabelBadge key={index} label={label} />;
        const bold = /^\*\*([^*\n]+)\*\*$/.exec(part)?.[1];
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable string.
        return bold ? <strong key={index}>{bold}</strong> : <span key={index}>{part}</span>;
      })}
    </>
  );
}
