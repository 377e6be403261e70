import { describe, expect, it } from 'vitest';
import { incidentStatusChangedNote, parseSeverityArg, severityChangedNote } from './incident-fields';

describe('parseSeverityArg', () => {
  it.each([
    ['1', 'critical'],
    ['S1', 'critical'],
    ['critical', 'critical'],
    [' High ', 'high'],
    ['s2', 'high'],
    ['3', 'medium'],
    ['MEDIUM', 'medium'],
    ['s4', 'low'],
    ['low', 'low'],
    ['0', 'unknown'],
    ['unknown', 'unknown'],
    ['5', null],
    ['s5', null],
    ['', null],
    ['urgent', null],
  ])('%j → %j', (arg, expected) => {
    expect(parseSeverityArg(arg)).toBe(expected);
  });
});

describe('incident system notes', () => {
  it.each([
    [severityChangedNote('high'), 'changed the severity to **High - S2**'],
    [severityChangedNote('critical'), 'changed the severity to **Critical - S1**'],
    [severityChangedNote('unknown'), 'changed the severity to **Unknown**'],
    [incidentStatusChangedNote('acknowledged'), 'changed the incident status to **Acknowledged**'],
    [
      incidentStatusChangedNote('resolved', ' by closing the incident'),
      'changed the incident status to **Resolved** by closing the incident',
    ],
  ])('%s', (note, expected) => {
    expect(note).toBe(expected);
  });
});
