import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { hasWidget, WIDGET_DEFINITIONS, type WidgetType } from './widget-definitions';
import { WORK_ITEM_BASE_TYPES, type WorkItemBaseType, workItemTypeByName } from './work-item-types';

describe('hasWidget', () => {
  expectCases(
    ([type, widget]: [WorkItemBaseType, WidgetType]) => hasWidget(type, widget),
    [
      [['issue', 'WEIGHT'], true],
      [['epic', 'COLOR'], true],
      [['issue', 'COLOR'], false],
      [['epic', 'ROLLEDUP_DATES'], true],
      [['task', 'ROLLEDUP_DATES'], false],
      [['objective', 'PROGRESS'], true],
      [['task', 'PROGRESS'], false],
      [['epic', 'ASSIGNEES'], false],
      [['incident', 'TIME_TRACKING'], true],
      [['key_result', 'ITERATION'], false],
    ],
  );
});

describe('WIDGET_DEFINITIONS', () => {
  it('gives every type a description and a hierarchy widget, each widget once', () => {
    for (const type of WORK_ITEM_BASE_TYPES) {
      const types = WIDGET_DEFINITIONS[type].map((d) => d.type);
      expect(types).toContain('DESCRIPTION');
      expect(types).toContain('HIERARCHY');
      expect(types).toEqual(expect.arrayContaining(['NOTES', 'NOTIFICATIONS', 'CURRENT_USER_TODOS']));
      expect(new Set(types).size).toBe(types.length);
    }
  });
  it('rolls weight up on epics only', () => {
    expect(WIDGET_DEFINITIONS.epic.find((d) => d.type === 'WEIGHT')).toEqual({
      type: 'WEIGHT',
      editable: false,
      rollUp: true,
    });
    expect(WIDGET_DEFINITIONS.task.find((d) => d.type === 'WEIGHT')).toEqual({
      type: 'WEIGHT',
      editable: true,
      rollUp: false,
    });
  });
});

describe('workItemTypeByName', () => {
  expectCases(
    (name: string) => workItemTypeByName(name)?.id ?? null,
    [
      ['Task', 5],
      ['key result', 7],
      [' Epic ', 8],
      ['Requirement', null],
    ],
  );
});
