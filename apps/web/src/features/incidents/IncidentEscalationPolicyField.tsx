import { ESCALATION_TEXTS } from '@meridian/domain';
import { useId, useState } from 'react';
import { AppLink } from '../../lib/AppLink';
import { urls } from '../../lib/paths';
import { Badge } from '../../ui/Badge';
import { EditableSidebarField } from '../shared/sidebar/EditableSidebarField';
import sidebar from '../shared/sidebar/Sidebar.module.css';
import { useEscalationPolicies, useIncidentPolicy, useSetIncidentPolicy } from './escalationQueries';
import type { IncidentPartProps } from './incidentPartProps';

/**
 * An incident's "Escalation policy" in the sidebar (IE §4): the project's policy that pages its
 * responders, shown with GitLab's "Paged" while the incident is Triggered; who may update the
 * incident chooses it (or none). Without a policy in the project, GitLab's help says how to page.
 */
export function IncidentEscalationPolicyField({
  projectPath,
  iid,
  canEdit,
  triggered,
}: IncidentPartProps & { triggered: boolean }) {
  const current = useIncidentPolicy(projectPath, iid);
  // The choices load for who may choose (one small query), so the editor opens on them.
  const policies = useEscalationPolicies(projectPath, canEdit);
  const set = useSetIncidentPolicy(projectPath, iid);
  const [failure, setFailure] = useState<string | null>(null);
  const name = useId();
  const policy = current.data ?? null;
  return (
    <EditableSidebarField
      label={ESCALATION_TEXTS.title}
      canEdit={canEdit}
      failure={failure}
      editor={(close) => {
        const choose = (id: string | null) => {
          close();
          setFailure(null);
          set.mutate(id, { onError: (e) => setFailure(`Failed to set escalation policy. ${e.message}`) });
        };
        const list = policies.data ?? [];
        if (policies.isSuccess && list.length === 0) {
          return (
            <div className={sidebar.options}>
              <strong>{ESCALATION_TEXTS.helpTitle}</strong>
              <p>{ESCALATION_TEXTS.helpDetail}</p>
              <AppLink href={urls.escalationPolicies(projectPath)}>Escalation policies</AppLink>
            </div>
          );
        }
        return (
          <fieldset className={sidebar.options}>
            <legend className="visually-hidden">{ESCALATION_TEXTS.title}</legend>
            {[{ id: null, name: 'No escalation policy' }, ...list].map((p) => (
              <label key={p.id ?? 'none'} className={sidebar.option}>
                <input type="radio" name={name} checked={(policy?.id ?? null) === p.id} onChange={() => choose(p.id)} />
                <span className={sidebar.optionText}>{p.name}</span>
              </label>
            ))}
          </fieldset>
        );
      }}
    >
      {policy ? (
        <>
          <span data-testid="incident-escalation-policy">{policy.name}</span>{' '}
          {triggered && <Badge variant="warning">{ESCALATION_TEXTS.paged}</Badge>}
        </>
      ) : (
        <span data-testid="incident-escalation-policy">None</span>
      )}
    </EditableSidebarField>
  );
}
