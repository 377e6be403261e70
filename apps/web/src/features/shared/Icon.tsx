/** The few 16px glyphs list rows use (GitLab's clock, calendar, comment, thumbs, weight, lock, branch). */
export type IconName =
  | 'clock'
  | 'calendar'
  | 'comment'
  | 'thumb-up'
  | 'thumb-down'
  | 'weight'
  | 'eye-slash'
  | 'branch'
  | 'epic'
  | 'issues'
  | 'check'
  | 'blocked';

const PATHS: Record<IconName, string> = {
  clock: 'M8 1.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13ZM8 4v4.5l3 1.5',
  calendar: 'M2.5 3.5h11v10h-11zM2.5 6.5h11M5.5 2v3M10.5 2v3',
  comment: 'M2.5 3.5h11v7.5h-6l-3 2.5V11h-2z',
  'thumb-up': 'M5 7.5v6H2.5v-6zM5 7.5l2.5-5.5c1 0 2 .8 2 2V6h3.2c.8 0 1.4.8 1.2 1.6l-1.3 5a1.2 1.2 0 0 1-1.2.9H5',
  'thumb-down': 'M5 8.5v-6H2.5v6zM5 8.5 7.5 14c1 0 2-.8 2-2V10h3.2c.8 0 1.4-.8 1.2-1.6l-1.3-5A1.2 1.2 0 0 0 11.4 2.5H5',
  weight: 'M3.5 6.5h9l1.5 7h-12zM6 6.5V5a2 2 0 0 1 4 0v1.5',
  'eye-slash': 'M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8ZM2.5 2.5l11 11',
  branch: 'M5 2.5v11M5 10a4 4 0 0 0 4-4h2M11 6a1.5 1.5 0 1 0 0-.01M5 13.5a1.5 1.5 0 1 0 0-.01',
  epic: 'M8 1.5 14 5v6l-6 3.5L2 11V5z',
  issues: 'M8 1.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13ZM8 6.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z',
  check: 'M3 8.5 6.5 12 13 4.5',
  blocked: 'M8 1.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13ZM3.4 3.4l9.2 9.2',
};

export function Icon({ name, label }: { name: IconName; label?: string }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      style={{ flex: 'none', verticalAlign: '-2px' }}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
