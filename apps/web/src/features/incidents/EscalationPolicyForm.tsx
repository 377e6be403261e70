import { ESCALATION_STATUS_LABELS, MAX_ELAPSED_TIME_SECONDS, MAX_ESCALATION_RULES } from '@meridian/domain';
import { useId, useState } from 'react';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import formStyles from '../../ui/Form.module.css';
import { SelectOptions } from '../../ui/SelectOptions';
import { LabelledInput } from '../shared/LabelledField';
import styles from './EscalationPolicies.module.css';
import type { EscalationPolicy, EscalationRule, PolicyDraft, RuleStatus } from './escalationPoliciesApi';

/** GitLab's rule statuses as its form names them. */
export const RULE_STATUS_TEXT: Record<RuleStatus, string> = {
  ACKNOWLEDGED: ESCALATION_STATUS_LABELS.acknowledged,
  RESOLVED: ESCALATION_STATUS_LABELS.resolved,
};
/** The form counts minutes; the limits are the server's (packages/domain). */
const MAX_MINUTES = MAX_ELAPSED_TIME_SECONDS / 60;

const emptyRule = (): EscalationRule => ({ status: 'ACKNOWLEDGED', elapsedTimeSeconds: 0, username: '' });

function RuleRow({
  rule,
  index,
  onChange,
  onRemove,
}: {
  rule: EscalationRule;
  index: number;
  onChange: (rule: EscalationRule) => void;
  onRemove: (() => void) | null;
}) {
  const id = useId();
  return (
    <fieldset className={styles.rule} aria-label={`Escalation rule ${index + 1}`}>
      <span>IF incident is not</span>
      <label className="visually-hidden" htmlFor={`${id}-status`}>
        Status
      </label>
      <select
        id={`${id}-status`}
        value={rule.status}
        onChange={(e) => onChange({ ...rule, status: e.target.value as RuleStatus })}
      >
        <SelectOptions choices={Object.entries(RULE_STATUS_TEXT)} />
      </select>
      <span>in</span>
      <label className="visually-hidden" htmlFor={`${id}-minutes`}>
        Minutes
      </label>
      <input
        id={`${id}-minutes`}
        className={styles.minutes}
        type="number"
        min={0}
        max={MAX_MINUTES}
        value={Math.round(rule.elapsedTimeSeconds / 60)}
        onChange={(e) => onChange({ ...rule, elapsedTimeSeconds: Math.max(0, Number(e.target.value) || 0) * 60 })}
      />
      <span>minutes THEN Email user</span>
      <label className="visually-hidden" htmlFor={`${id}-user`}>
        Username
      </label>
      <input
        id={`${id}-user`}
        className={styles.username}
        placeholder="username"
        maxLength={255}
        value={rule.username}
        onChange={(e) => onChange({ ...rule, username: e.target.value.replace(/^@/, '') })}
      />
      {onRemove && (
        <Button size="small" onPress={onRemove} aria-label={`Remove escalation rule ${index + 1}`}>
          Remove
        </Button>
      )}
    </fieldset>
  );
}

/**
 * GitLab's "Add escalation policy" / "Edit escalation policy" form: a name, a description and the
 * rules ("IF incident is not Acknowledged in 5 minutes THEN Email user alice"), at most ten.
 */
export function EscalationPolicyForm({
  policy,
  saving,
  error,
  onSave,
  onCancel,
}: {
  policy: EscalationPolicy | null;
  saving: boolean;
  error: string | null;
  onSave: (draft: PolicyDraft) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(policy?.name ?? '');
  const [description, setDescription] = useState(policy?.description ?? '');
  const [rules, setRules] = useState<EscalationRule[]>(policy?.rules.length ? policy.rules : [emptyRule()]);
  const valid = name.trim() !== '' && rules.every((r) => r.username.trim() !== '');
  return (
    <form
      className={formStyles.form}
      aria-label={policy ? 'Edit escalation policy' : 'Add escalation policy'}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onSave({ name: name.trim(), description, rules });
      }}
    >
      {error && <Alert variant="danger">{error}</Alert>}
      <LabelledInput id={`${id}-name`} label="Name" value={name} onChange={setName} maxLength={72} required />
      <LabelledInput
        id={`${id}-description`}
        label={
          <>
            Description <span className={formStyles.optional}>(optional)</span>
          </>
        }
        value={description}
        onChange={setDescription}
        maxLength={160}
      />
      <div className={styles.rules}>
        <h3 className={styles.rulesTitle}>Escalation rules</h3>
        {rules.map((rule, index) => (
          <RuleRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; the index is their place.
            key={index}
            rule={rule}
            index={index}
            onChange={(next) => setRules(rules.map((r, i) => (i === index ? next : r)))}
            onRemove={rules.length > 1 ? () => setRules(rules.filter((_, i) => i !== index)) : null}
          />
        ))}
        {rules.length < MAX_ESCALATION_RULES && (
          <Button variant="tertiary" size="small" onPress={() => setRules([...rules, emptyRule()])}>
            + Add an escalation rule
          </Button>
        )}
      </div>
      <div className={formStyles.actions}>
        <Button type="submit" variant="confirm" isDisabled={!valid || saving}>
          {policy ? 'Save changes' : 'Add escalation policy'}
        </Button>
        <Button onPress={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
