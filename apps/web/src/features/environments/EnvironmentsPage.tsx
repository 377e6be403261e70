import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorState } from '../../app/ErrorState';
import { PageNotFound } from '../../app/NotFoundPage';
import { ApiError } from '../../lib/api';
import { timeAgo } from '../../lib/format';
import { Alert } from '../../ui/Alert';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { PageSpinner } from '../../ui/Spinner';
import { ProjectPageFrame } from '../shared/ProjectPageFrame';
import styles from './Environments.module.css';
import {
  type Deployment,
  decideDeployment,
  type Environment,
  listEnvironments,
  listLatestDeployments,
} from './environmentsApi';

const STATUS_VARIANT: Record<Deployment['status'], BadgeVariant> = {
  created: 'info',
  running: 'info',
  success: 'success',
  failed: 'danger',
  canceled: 'muted',
  blocked: 'warning',
};

const keys = {
  environments: (fullPath: string) => ['environments', fullPath] as const,
  deployments: (fullPath: string) => ['environments', fullPath, 'deployments'] as const,
};

function approvalText(d: Deployment): string {
  if (d.approval_summary.status === 'rejected') return 'Rejected';
  if (d.pending_approval_count > 0) {
    return `Waiting for ${d.pending_approval_count} approval${d.pending_approval_count === 1 ? '' : 's'}`;
  }
  return 'Approved';
}

function ApprovalState({ projectPath, deployment }: { projectPath: string; deployment: Deployment }) {
  const client = useQueryClient();
  const decide = useMutation({
    mutationFn: (status: 'approved' | 'rejected') => decideDeployment(projectPath, deployment.id, status),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.deployments(projectPath) }),
  });
  const needsApproval = deployment.approval_summary.total_required_approvals > 0;
  if (!needsApproval && deployment.approvals.length === 0) return null;
  return (
    <section className={styles.approval} aria-label={`Approvals of deployment #${deployment.iid}`}>
      <p>
        <strong>Deployment approval:</strong> {approvalText(deployment)}
        {needsApproval && ` (${deployment.approval_summary.total_required_approvals} required)`}
      </p>
      {deployment.approvals.length > 0 && (
        <ul className={styles.approvals}>
          {deployment.approvals.map((a) => (
            <li key={`${a.user?.id ?? 0}-${a.created_at}`}>
              {a.user?.name ?? 'Someone'} {a.status} {timeAgo(a.created_at)}
              {a.comment ? `: “${a.comment}”` : ''}
            </li>
          ))}
        </ul>
      )}
      {deployment.can_approve && deployment.status === 'blocked' && (
        <div className={styles.actions}>
          <Button variant="confirm" isDisabled={decide.isPending} onPress={() => decide.mutate('approved')}>
            Approve
          </Button>
          <Button variant="danger" isDisabled={decide.isPending} onPress={() => decide.mutate('rejected')}>
            Reject
          </Button>
        </div>
      )}
      {decide.isError && (
        <Alert variant="danger" title="The decision was not saved">
          {decide.error instanceof Error ? decide.error.message : 'Try again.'}
        </Alert>
      )}
    </section>
  );
}

function EnvironmentCard({
  projectPath,
  environment,
  latest,
}: {
  projectPath: string;
  environment: Environment;
  latest: Deployment | undefined;
}) {
  return (
    <li className={styles.environment}>
      <div className={styles.head}>
        <h2 className={styles.name}>{environment.name}</h2>
        <Badge variant="neutral">{environment.tier}</Badge>
        {environment.state !== 'available' && <Badge variant="muted">{environment.state}</Badge>}
        {environment.external_url && (
          <a href={environment.external_url} rel="noreferrer noopener" target="_blank">
            Open
          </a>
        )}
      </div>
      {latest ? (
        <>
          <div className={styles.deployment}>
            <span>Latest deployment #{latest.iid}</span>
            <Badge variant={STATUS_VARIANT[latest.status]}>{latest.status}</Badge>
            <span className={styles.meta}>
              {latest.ref} · <span className={styles.sha}>{latest.sha.slice(0, 8)}</span>
              {latest.user ? ` · by ${latest.user.name}` : ''} · {timeAgo(latest.created_at)}
            </span>
          </div>
          <ApprovalState projectPath={projectPath} deployment={latest} />
        </>
      ) : (
        <p className={styles.empty}>No deployments yet.</p>
      )}
    </li>
  );
}

function EnvironmentsSection({ projectPath }: { projectPath: string }) {
  const environments = useQuery({
    queryKey: keys.environments(projectPath),
    queryFn: ({ signal }) => listEnvironments(projectPath, signal),
    retry: false,
  });
  const deployments = useQuery({
    queryKey: keys.deployments(projectPath),
    queryFn: ({ signal }) => listLatestDeployments(projectPath, signal),
    retry: false,
    enabled: environments.isSuccess,
  });
  if (environments.isPending) return <PageSpinner label="Loading environments" />;
  if (environments.isError) {
    if (environments.error instanceof ApiError && [403, 404].includes(environments.error.status)) {
      return <PageNotFound />;
    }
    return <ErrorState error={environments.error} onRetry={() => void environments.refetch()} />;
  }
  if (environments.data.length === 0) {
    return <p className={styles.empty}>No environments yet. Deployments recorded over the API create them.</p>;
  }
  const latest = new Map<number, Deployment>();
  for (const d of deployments.data ?? []) {
    if (d.environment && !latest.has(d.environment.id)) latest.set(d.environment.id, d);
  }
  return (
    <ul className={styles.list} aria-label="Environments">
      {environments.data.map((env) => (
        <EnvironmentCard key={env.id} projectPath={projectPath} environment={env} latest={latest.get(env.id)} />
      ))}
    </ul>
  );
}

/**
 * `/:project/-/environments`: the project's environments, each with its latest deployment, its
 * status and, where a protection asks for approvals, who approved or rejected it and (for those who
 * may) Approve and Reject. Reporters and up; to anyone else the page does not exist.
 */
export function EnvironmentsPage({ projectPath }: { projectPath: string }) {
  return (
    <ProjectPageFrame projectPath={projectPath} page="environments" title="Environments">
      <EnvironmentsSection projectPath={projectPath} />
    </ProjectPageFrame>
  );
}
