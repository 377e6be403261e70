import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dueDateText } from '../shared/dueDateText';
import { NewIssuePlanningFields, NO_PLANNING, type PlanningValues } from './NewIssuePlanningFields';

afterEach(cleanup);

function renderFields(values: PlanningValues) {
  const onChange = vi.fn();
  render(<NewIssuePlanningFields projectPath="acme/web" values={values} onChange={onChange} />);
  const field = (label: string) => screen.getByRole('region', { name: label });
  return { onChange, field };
}

describe('NewIssuePlanningFields: the typed-in fields', () => {
  it('shows the weight and the due date as set, None when not', () => {
    const { field } = renderFields({ ...NO_PLANNING, weight: '0', dueDate: '2026-12-01' });
    expect(within(field('Weight')).getByText('0')).toBeTruthy();
    expect(within(field('Due date')).getByText(dueDateText('2026-12-01'))).toBeTruthy();
    cleanup();
    const empty = renderFields(NO_PLANNING);
    expect(within(empty.field('Weight')).getByText('None')).toBeTruthy();
    expect(within(empty.field('Due date')).getByText('None')).toBeTruthy();
  });

  it.each([
    ['Weight', '5', { weight: '5' }],
    ['Due date', '2027-01-31', { dueDate: '2027-01-31' }],
  ] as const)('%s: Edit, type, Apply sets that value only', (label, typed, change) => {
    const { onChange } = renderFields(NO_PLANNING);
    fireEvent.click(screen.getByRole('button', { name: `Edit ${label.toLowerCase()}` }));
    const input = screen.getByLabelText(label, { selector: 'input' });
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({ ...NO_PLANNING, ...change });
  });
});
