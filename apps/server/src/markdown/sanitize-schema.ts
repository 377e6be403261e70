import { defaultSchema, type Schema } from 'hast-util-sanitize';

/**
 * The one allow-list of rendered Markdown: rehype-sanitize's GitHub schema, plus what our own
 * plugins add (reference links with GitLab's `gfm` classes and data attributes, task checkboxes'
 * accessible names). The renderer applies it last, and reference redaction applies it again to
 * what it changed, so nothing reaches a reader that this list does not name.
 *
 * Idempotent by design: instead of prefixing `id`/`name` (the default schema's clobbering, which a
 * second pass would prefix again: footnote ids came out as `user-content-user-content-fn-1`), only
 * values that already carry the `user-content-` prefix pass; the renderer adds it once
 * (`prefixClobberable`), so footnotes' `#user-content-fn-1` links now reach their target.
 */

export const USER_CONTENT_PREFIX = 'user-content-';
const USER_CONTENT = /^user-content-/;

/** Properties that could clobber the page's own ids (the default schema's list). */
export const CLOBBERABLE: readonly string[] = defaultSchema.clobber ?? [];

export const REFERENCE_DATA_ATTRIBUTES = [
  'dataReferenceType',
  'dataOriginal',
  'dataProjectPath',
  'dataGroupPath',
  'dataIid',
  'dataUsername',
  'dataName',
  'dataReferenceFormat',
] as const;

const REFERENCE_CLASSES = [
  'gfm',
  'gfm-user',
  'gfm-issue',
  'gfm-merge-request',
  'gfm-epic',
  'gfm-label',
  'gfm-milestone',
] as const;

type AttributeList = NonNullable<Schema['attributes']>[string];
const CLOBBERED = new Set(CLOBBERABLE);

/** `id`, `name` and the ARIA references pass only with the `user-content-` prefix already on. */
const unclobbered = (list: AttributeList): AttributeList =>
  list.map((definition) =>
    typeof definition === 'string' && CLOBBERED.has(definition) ? [definition, USER_CONTENT] : definition,
  );

const defaults: Record<string, AttributeList> = Object.fromEntries(
  Object.entries(defaultSchema.attributes ?? {}).map(([tag, list]) => [tag, unclobbered(list)]),
);

export const MARKDOWN_SCHEMA: Schema = {
  ...defaultSchema,
  clobber: [],
  attributes: {
    ...defaults,
    a: [
      ...(defaults.a ?? []).filter((d) => !(Array.isArray(d) && d[0] === 'className')),
      ['className', 'data-footnote-backref', ...REFERENCE_CLASSES],
      ...REFERENCE_DATA_ATTRIBUTES,
    ],
    input: [...(defaults.input ?? []), 'ariaLabel'],
  },
};
