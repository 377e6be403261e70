import { useState } from 'react';
import { useNamespaceContext } from '../../app/groupContext';
import { PageNotFound } from '../../app/NotFoundPage';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Modal } from '../../ui/Modal';
import { PageSpinner } from '../../ui/Spinner';
import { showToast } from '../../ui/toast';
import { ProjectPageFrame } from '../shared/ProjectPageFrame';
import styles from './EscalationPolicies.module.css';
import { EscalationPolicyForm, RULE_STATUS_TEXT } from './EscalationPolicyForm';
import type { EscalationPolicy } from './escalationPoliciesApi';
import { useDestroyEscalationPolicy, useEscalationPolicies, useSaveEscalationPolicy } from './escalationQueries';

const minutes = (seconds: number) => Math.round(seconds / 60);

function PolicyCard({
  policy,
  canAdmin,
  onEdit,
  onDelete,
}: {
  policy: EscalationPolicy;
  canAdmin: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className={styles.policy} aria-label={policy.name}>
      <div className={styles.policyHead}>
        <h2 className={styles.policyName}>{policy.name}</h2>
        {canAdmin && (
          <>
            <Button size="small" onPress={onEdit} aria-label={`Edit escalation policy ${policy.name}`}>
              Edit
            </Button>
            <Button
              size="small"
              variant="danger"
              onPress={onDelete}
              aria-label={`Delete escalation policy ${policy.name}`}
            >
              Delete
            </Button>
          </>
        )}
      </div>
      {policy.description && <p className={styles.description}>{policy.description}</p>}
      <ul className={styles.list}>
        {policy.rules.map((rule) => (
          <li key={`${rule.status}-${rule.elapsedTimeSeconds}-${rule.username}`} className={styles.ruleText}>
            IF incident is not <strong>{RULE_STATUS_TEXT[rule.status]}</strong> in{' '}
            <strong>{minutes(rule.elapsedTimeSeconds)}</strong> minutes THEN Email user{' '}
            <strong>@{rule.username}</strong>
          </li>
        ))}
      </ul>
    </li>
  );
}

function PoliciesBody({ projectPath, canAdmin }: { projectPath: string; canAdmin: boolean }) {
  const policies = useEscalationPolicies(projectPath);
  const save = useSaveEscalationPolicy(projectPath);
  const destroy = useDestroyEscalationPolicy(projectPath);
  const [editing, setEditing] = useState<EscalationPolicy | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EscalationPolicy | null>(null);
  if (policies.isPending) return <PageSpinner label="Loading escalation policies" />;
  const list = policies.data ?? [];
  const close = () => {
    setEditing(null);
    save.reset();
  };
  return (
    <>
      {list.length === 0 ? (
        <EmptyState
          title="Create an escalation policy in GitLab"
          description="Set up escalation policies to define who is paged, and when, in the event the first users paged don't respond."
          action={
            canAdmin ? (
              <Button variant="confirm" onPress={() => setEditing('new')}>
                Add an escalation policy
              </Button>
            ) : undefined
          }
        />
      ) : (
        <ul className={styles.list}>
          {list.map((policy) => (
            <PolicyCard
              key={policy.id}
              policy={policy}
              canAdmin={canAdmin}
              onEdit={() => setEditing(policy)}
              onDelete={() => setDeleting(policy)}
            />
          ))}
        </ul>
      )}
      <Modal
        isOpen={editing !== null}
        onOpenChange={(open) => !open && close()}
        title={editing === 'new' ? 'Add escalation policy' : 'Edit escalation policy'}
        size="large"
      >
        {editing !== null && (
          <EscalationPolicyForm
            policy={editing === 'new' ? null : editing}
            saving={save.isPending}
            error={save.error ? save.error.message : null}
            onCancel={close}
            onSave={(draft) =>
              save.mutate(
                { id: editing === 'new' ? null : editing.id, draft },
                {
                  onSuccess: () => {
                    showToast(
                      editing === 'new'
                        ? 'Escalation policy successfully created'
                        : 'Escalation policy successfully updated',
                    );
                    close();
                  },
                },
              )
            }
          />
        )}
      </Modal>
      <Modal
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete escalation policy"
      >
        <p>Are you sure you want to delete the "{deleting?.name}" escalation policy? This action cannot be undone.</p>
        <div className={styles.policyHead}>
          <Button
            variant="danger"
            isDisabled={destroy.isPending}
            onPress={() =>
              deleting &&
              destroy.mutate(deleting.id, {
                onSuccess: () => {
                  showToast('Escalation policy successfully deleted');
                  setDeleting(null);
                },
              })
            }
          >
            Delete escalation policy
          </Button>
          <Button onPress={() => setDeleting(null)}>Cancel</Button>
        </div>
      </Modal>
    </>
  );
}

/**
 * `/:project/-/escalation_policies` (GitLab's Monitor › Escalation policies): the project's policy
 * and its rules, for Reporters and up; Maintainers and up add, edit and delete it. An incident that
 * follows the policy pages each rule's user until it is Acknowledged or Resolved (IE §4).
 */
export function EscalationPoliciesPage({ projectPath }: { projectPath: string }) {
  const { query } = useNamespaceContext('project', projectPath);
  const project = query.data as
    | { can_read_escalation_policies?: boolean; can_admin_escalation_policies?: boolean }
    | undefined;
  if (query.isError || (project && project.can_read_escalation_policies !== true)) return <PageNotFound />;
  return (
    <ProjectPageFrame projectPath={projectPath} page="escalation_policies" title="Escalation policies">
      {project ? (
        <PoliciesBody projectPath={projectPath} canAdmin={project.can_admin_escalation_policies === true} />
      ) : (
        <PageSpinner label="Loading escalation policies" />
      )}
    </ProjectPageFrame>
  );
}
