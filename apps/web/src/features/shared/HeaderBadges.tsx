import { Badge } from '../../ui/Badge';

type Item = 'issue' | 'epic';

/** A header badge whose tooltip explains it, read by screen readers as the badge's name. */
function ExplainedBadge({ variant, tooltip, text }: { variant: 'muted' | 'warning'; tooltip: string; text: string }) {
  return (
    <Badge variant={variant} title={tooltip}>
      <span role="img" aria-label={tooltip}>
        {text}
      </span>
    </Badge>
  );
}

/** IE §2.3 / §3: the header badge of an issue or epic brought in from elsewhere (GitLab's imported flag). */
export function ImportedBadge({ what, imported }: { what: Item; imported: boolean | undefined }) {
  if (!imported) return null;
  return <ExplainedBadge variant="muted" tooltip={`This ${what} was imported`} text="Imported" />;
}

/** IE §8: the badge admins see on an issue or epic hidden by moderation (author banned, or spam). */
export function HiddenBadge({ what, hidden }: { what: Item; hidden: boolean | undefined }) {
  if (!hidden) return null;
  return (
    <ExplainedBadge
      variant="warning"
      tooltip={`This ${what} is hidden because its author has been banned.`}
      text="Hidden"
    />
  );
}
