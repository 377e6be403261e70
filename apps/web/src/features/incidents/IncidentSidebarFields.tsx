import { ESCALATION_TEXTS } from '@meridian/domain';
import { useId, useState } from 'react';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { EditableSidebarField } from '../shared/sidebar/EditableSidebarField';
import sidebar from '../shared/sidebar/Sidebar.module.css';
import { IncidentEscalationPolicyField } from './IncidentEscalationPolicyField';
import type { IncidentPartProps } from './incidentPartProps';
import type { EscalationStatus, Severity } from './incidentsApi';
import { useIncidentFields, useSetIncidentField } from './queries';

/** GitLab's severity names (IssuableSeverity::SEVERITY_LABELS), most severe first. */
export const SEVERITY_TEXT: Readonly<Record<Severity, string>> = {
  CRITICAL: 'Critical - S1',
  HIGH: 'High - S2',
  MEDIUM: 'Medium - S3',
  LOW: 'Low - S4',
  UNKNOWN: 'Unknown',
};

const SEVERITY_VARIANT: Readonly<Record<Severity, BadgeVariant>> = {
  CRITICAL: 'danger',
  HIGH: 'warning',
  MEDIUM: 'warning',
  LOW: 'info',
  UNKNOWN: 'muted',
};

/** The statuses GitLab's incident sidebar offers (IE §4), with their names. */
export const STATUS_TEXT: Readonly<Record<Exclude<EscalationStatus, 'IGNORED'>, string>> = {
  TRIGGERED: 'Triggered',
  ACKNOWLEDGED: 'Acknowledged',
  RESOLVED: 'Resolved',
};

const statusText = (status: EscalationStatus) => (status === 'IGNORED' ? 'Ignored' : STATUS_TEXT[status]);

function Choices<T extends string>({
  legend,
  choices,
  current,
  onChoose,
}: {
  legend: string;
  choices: Readonly<Partial<Record<T, string>>>;
  current: T;
  onChoose: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className={sidebar.options}>
      <legend className="visually-hidden">{legend}</legend>
      {(Object.entries(choices) as [T, string][]).map(([value, text]) => (
        <label key={value} className={sidebar.option}>
          <input type="radio" name={name} checked={current === value} onChange={() => onChoose(value)} />
          <span className={sidebar.optionText}>{text}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * An incident's Severity and Status in the issue sidebar (IE §4), editable by who may update the
 * incident. Failures show IE §8's texts; resolving closes the incident, so the page reloads it.
 */
export function IncidentSidebarFields({ projectPath, iid, canEdit }: IncidentPartProps) {
  const fields = useIncidentFields(projectPath, iid);
  const set = useSetIncidentField(projectPath, iid);
  const [failure, setFailure] = useState<{ field: 'severity' | 'status'; text: string } | null>(null);
  const severity = fields.data?.severity ?? 'UNKNOWN';
  const status = fields.data?.escalationStatus ?? 'TRIGGERED';
  const fetchFailed = fields.isError
    ? 'An error occurred while fetching the incident status. Please reload the page.'
    : null;
  return (
    <>
      <EditableSidebarField
        label="Severity"
        canEdit={canEdit}
        failure={failure?.field === 'severity' ? failure.text : null}
        editor={(close) => (
          <Choices
            legend="Severity"
            choices={SEVERITY_TEXT}
            current={severity}
            onChoose={(value) => {
              close();
              setFailure(null);
              set.mutate(
                { severity: value },
                {
                  onError: () => setFailure({ field: 'severity', text: 'There was an error while updating severity.' }),
                },
              );
            }}
          />
        )}
      >
        <span data-testid="incident-severity">
          <Badge variant={SEVERITY_VARIANT[severity]}>{SEVERITY_TEXT[severity]}</Badge>
        </span>
      </EditableSidebarField>
      <EditableSidebarField
        label="Status"
        canEdit={canEdit}
        failure={failure?.field === 'status' ? failure.text : fetchFailed}
        editor={(close) => (
          <>
            <p className={sidebar.options}>
              <strong>{ESCALATION_TEXTS.statusDropdownHeader}</strong>
              <br />
              {ESCALATION_TEXTS.statusDropdownInfo}
            </p>
            <Choices
              legend="Status"
              choices={STATUS_TEXT}
              current={status as keyof typeof STATUS_TEXT}
              onChoose={(value) => {
                close();
                setFailure(null);
                set.mutate(
                  { status: value },
                  {
                    onError: () =>
                      setFailure({
                        field: 'status',
                        text: 'An error occurred while updating the incident status. Please reload the page and try again.',
                      }),
                  },
                );
              }}
            />
          </>
        )}
      >
        <span data-testid="incident-status">{statusText(status)}</span>
      </EditableSidebarField>
      <IncidentEscalationPolicyField
        projectPath={projectPath}
        iid={iid}
        canEdit={canEdit}
        triggered={status === 'TRIGGERED'}
      />
    </>
  );
}
