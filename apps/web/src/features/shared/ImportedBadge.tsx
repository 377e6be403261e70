import { Badge } from '../../ui/Badge';

/** IE §2.3 / §3: the header badge of an issue or epic brought in from elsewhere (GitLab's imported flag). */
export function ImportedBadge({ what, imported }: { what: 'issue' | 'epic'; imported: boolean | undefined }) {
  if (!imported) return null;
  const tooltip = `This ${what} was imported`;
  return (
    <Badge variant="muted" title={tooltip}>
      <span role="img" aria-label={tooltip}>
        Imported
      </span>
    </Badge>
  );
}
