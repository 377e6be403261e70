import type { FieldRef } from '@pothos/core';
import type { builder } from '../builder';
import { type GidType, gid } from '../gid';
import type { InputFieldBuilder } from '../input-mutation';

type Types = typeof builder.$inferSchemaTypes;

interface TitledRow {
  id: number;
  iid: number;
  title: string;
  description: string | null;
}

/**
 * `id`, `iid`, `title` and `description` of an epic, issue, merge request or milestone, in GitLab's
 * words for each (`noun`: "the epic"…); the type's own fields follow them. GitLab types a merge
 * request's `iid` as a String and the others' as an ID.
 */
export function titledFields<Row extends TitledRow>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Row>,
  type: GidType,
  noun: string,
  iidType: 'ID' | 'String' = 'ID',
): Record<'id' | 'iid' | 'title' | 'description', FieldRef<Types>> {
  return {
    id: t.id({ description: `ID of ${noun}.`, resolve: (row) => gid(type, row.id) }),
    iid: t.field({ type: iidType, description: `Internal ID of ${noun}.`, resolve: (row) => String(row.iid) }),
    title: t.string({ description: `Title of ${noun}.`, resolve: (row) => row.title }),
    description: t.string({
      nullable: true,
      description: `Description of ${noun}.`,
      resolve: (row) => row.description,
    }),
  };
}

/** An epic's or issue's `descriptionHtml`: references the reader may not read are shown as text (one batch per request). */
export function descriptionHtmlField<Row extends { id: number; description_html: string | null }>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Row>,
  table: 'issues' | 'epics',
): FieldRef<Types> {
  return t.string({
    nullable: true,
    description: 'GitLab Flavored Markdown rendering of `description`.',
    resolve: (row, _args, c) => c.loaders.readableHtml.load({ table, id: row.id, html: row.description_html }),
  });
}

/** The optional `title` and `description` inputs of an epic or issue update, in GitLab's words (`noun`: "the epic"…). */
export const titledInputFields = (t: InputFieldBuilder, noun: string) => ({
  title: t.string({
    required: false,
    description: `Title of ${noun}.`,
    // Above 255 the service answers GitLab's "title is too long" in `errors`; the input-limits
    // rule only refuses what no title could be.
    extensions: { maxLength: 1024 },
  }),
  description: t.string({
    required: false,
    description: `Description of ${noun}.`,
    extensions: { maxLength: 1_048_576 },
  }),
});
