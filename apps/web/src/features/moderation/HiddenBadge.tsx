import { Badge } from '../../ui/Badge';

/** IE §2.1 / §8: the header badge admins see on an item hidden because its author has been banned. */
export function HiddenBadge({ issuable }: { issuable: 'issue' | 'epic' | 'merge request' }) {
  const text = `This ${issuable} is hidden because its author has been banned.`;
  return (
    <Badge variant="warning" title={text}>
      <span role="img" aria-label={text}>
        Hidden
      </span>
    </Badge>
  );
}
