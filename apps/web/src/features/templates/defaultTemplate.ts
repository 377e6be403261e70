/**
 * The template a new issue or merge request starts with, as in GitLab: the one named "Default" (any
 * case), when the project offers one.
 */
export function defaultTemplateName(templates: readonly { name: string }[]): string | undefined {
  return templates.find((t) => t.name.toLowerCase() === 'default')?.name;
}
