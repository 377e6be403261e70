/*
 * The icon GitLab's front end shows beside a system note (`Note.systemNoteIconName`). GitLab keys it
 * on the note's recorded action; Meridian's system notes carry no action, so the action is read back
 * from the text the notes of change-notes.ts (and the services' own notes) begin with.
 */
const ICONS: readonly (readonly [RegExp, string])[] = [
  [/^(added|removed|changed) (the )?weight|^removed the weight/, 'weight'],
  [/^(added|removed) .*label|^(added|removed) ~/, 'label'],
  [/^(assigned to|unassigned|reassigned)/, 'user'],
  [/^(requested review|removed review request)/, 'user'],
  [/^changed title/, 'pencil'],
  [/^changed the description/, 'pencil'],
  [/^(changed|removed) milestone/, 'milestone'],
  [/^(changed|removed) iteration/, 'iteration'],
  [/^(changed|removed the) (start date|due date)|^removed the (start|due) date/, 'calendar'],
  [/^(changed|removed) health status/, 'status-health'],
  [/^changed the severity/, 'information-o'],
  [/^changed the incident status/, 'status'],
  [/^made the \w+ confidential/, 'eye-slash'],
  [/^made the \w+ visible/, 'eye'],
  [/^locked/, 'lock'],
  [/^unlocked/, 'lock-open'],
  [/^closed/, 'issue-close'],
  [/^reopened/, 'status_open'],
  [/^opened/, 'issues'],
  [/^(added|removed|changed) .*time (spent|estimate)|^added \d/, 'timer'],
  [/ as (child|parent) \w+$|^removed (child|parent) \w+ /, 'link'],
  [/^(added|removed|changed) epic/, 'epic'],
  [/^marked (this|the) .*(related|blocking|blocked)|^(marked|removed) .*(relates to|blocks|blocked by)/, 'link'],
  [/^mentioned in/, 'comment-dots'],
  [/^promoted/, 'epic'],
  [/^marked (this merge request|as) (ready|draft)|^marked this merge request as/, 'pencil'],
  [/^merged/, 'merge'],
];

/** The icon name of a system note's text; null when none matches (GitLab answers null too). */
export function systemNoteIconName(body: string): string | null {
  for (const [pattern, icon] of ICONS) if (pattern.test(body)) return icon;
  return null;
}
