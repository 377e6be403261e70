import { describe } from 'vitest';
import { expectCases } from '../test/cases';
import { jiraDay, jiraInstant } from './jira-dates';

describe('jiraInstant', () => {
  expectCases(jiraInstant, [
    // The CSV export's default `dd/MMM/yy h:mm a`, read as UTC (the export names no zone).
    ['12/Jan/24 3:45 PM', '2024-01-12T15:45:00.000Z'],
    ['12/Jan/24 3:45 AM', '2024-01-12T03:45:00.000Z'],
    ['12/Jan/24 12:05 AM', '2024-01-12T00:05:00.000Z'],
    ['12/Jan/24 12:05 PM', '2024-01-12T12:05:00.000Z'],
    ['1/feb/2024 9:00 pm', '2024-02-01T21:00:00.000Z'],
    ['29/Feb/24 23:59', '2024-02-29T23:59:00.000Z'],
    ['05/May/10 11:20:30 AM', '2010-05-05T11:20:30.000Z'],
    ['12/Jan/24', '2024-01-12T00:00:00.000Z'],
    ['  12/Jan/24 3:45 PM  ', '2024-01-12T15:45:00.000Z'],
    // The REST API's instants, with an offset without a colon, converted to UTC.
    ['2024-01-12T15:45:00.000+0000', '2024-01-12T15:45:00.000Z'],
    ['2024-01-12T15:45:00.123+0200', '2024-01-12T13:45:00.123Z'],
    ['2024-01-12T15:45:00.000-0530', '2024-01-12T21:15:00.000Z'],
    ['2024-01-12T15:45:00Z', '2024-01-12T15:45:00.000Z'],
    ['2024-01-12T15:45:00+01:00', '2024-01-12T14:45:00.000Z'],
    ['2024-01-12 15:45', '2024-01-12T15:45:00.000Z'],
    ['2024-01-12', '2024-01-12T00:00:00.000Z'],
    // Not dates.
    ['', null],
    [null, null],
    [undefined, null],
    ['30/Feb/24 1:00 PM', null],
    ['12/Foo/24 1:00 PM', null],
    ['12/Jan/24 13:00 PM', null],
    ['12/Jan/24 0:30 AM', null],
    ['12/Jan/24 24:00', null],
    ['2024-13-01', null],
    ['2024-01-12T25:00:00Z', null],
    ['yesterday', null],
    ['12.01.2024 15:45', null],
    [`12/Jan/24 ${'9'.repeat(60)}`, null],
  ]);
});

describe('jiraDay', () => {
  expectCases(jiraDay, [
    ['2024-02-01', '2024-02-01'],
    ['01/Feb/24', '2024-02-01'],
    ['01/Feb/24 12:00 AM', '2024-02-01'],
    // The day as written, not moved by the offset.
    ['2024-02-01T23:30:00.000-0500', '2024-02-01'],
    ['31/Apr/24', null],
    ['', null],
    ['soon', null],
  ]);
});
