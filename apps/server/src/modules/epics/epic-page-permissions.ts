import { canEpic, canLabel, canNoteOn, type EpicAbility } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { EpicSubject } from '../../policy/subjects';

const EPIC_FLAGS = [
  'read_epic',
  'update_epic',
  'admin_epic',
  'destroy_epic',
  'create_epic',
  'create_note',
  'admin_epic_relation',
  'read_epic_relation',
] as const satisfies readonly EpicAbility[];

export type EpicPagePermissions = Record<
  (typeof EPIC_FLAGS)[number] | 'mark_note_as_internal' | 'admin_note' | 'award_emoji' | 'admin_label',
  boolean
>;

/**
 * Everything the epic page may offer the viewer (header, sidebar, add menu, comment box), decided by
 * the policy's abilities, so the page JSON is its one permission source. `award_emoji` is the award
 * service's own rule (a signed-in reader); `admin_label` is the group's (the label picker's "Create").
 */
export function epicPagePermissions(actor: Actor | null, epic: EpicSubject): EpicPagePermissions {
  const flags = Object.fromEntries(EPIC_FLAGS.map((ability) => [ability, canEpic(actor, ability, epic)])) as Record<
    (typeof EPIC_FLAGS)[number],
    boolean
  >;
  return {
    ...flags,
    mark_note_as_internal: canNoteOn(actor, 'mark_note_as_internal', epic),
    admin_note: canNoteOn(actor, 'admin_note', epic),
    award_emoji: actor !== null && flags.read_epic,
    admin_label: canLabel(actor, 'admin_label', { kind: 'label', container: epic.group }),
  };
}
