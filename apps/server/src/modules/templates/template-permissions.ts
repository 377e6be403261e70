import { canTemplate } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { GroupSubject, ProjectSubject } from '../../policy/subjects';

/**
 * Whether the actor may add, edit and delete the container's own description templates: the flag
 * the project and group payloads carry (REST `can_admin_issuable_templates`, GraphQL
 * `userPermissions.adminIssuableTemplates`) so the web app shows its Settings only to those who may.
 */
export function canManageTemplates(actor: Actor | null, container: GroupSubject | ProjectSubject): boolean {
  return canTemplate(actor, 'admin_issuable_template', { kind: 'issuable_template', container });
}
