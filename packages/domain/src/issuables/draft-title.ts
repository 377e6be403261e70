const DRAFT_PREFIX = /^\s*(\[draft\]|\(draft\)|draft:)/i;

/** GitLab marks a merge request as draft when its title starts with "Draft:", "[Draft]" or "(Draft)". */
export function isDraftTitle(title: string): boolean {
  return DRAFT_PREFIX.test(title);
}

/** The title marked as draft, as GitLab's `draft_title`: "Draft: " before the title without its prefixes. */
export function draftTitle(title: string): string {
  return `Draft: ${readyTitle(title)}`;
}

/** The title without its draft prefixes (GitLab's `draftless_title`). */
export function readyTitle(title: string): string {
  let rest = title;
  while (DRAFT_PREFIX.test(rest)) rest = rest.replace(DRAFT_PREFIX, '');
  return rest.trim();
}
