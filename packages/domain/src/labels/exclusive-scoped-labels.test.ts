import { describe } from 'vitest';
import { expectCases } from '../test/cases';
import { exclusiveScopedLabels } from './exclusive-scoped-labels';

describe('exclusiveScopedLabels', () => {
  expectCases(
    exclusiveScopedLabels,
    [
      [[], []],
      [
        ['bug', 'ui'],
        ['bug', 'ui'],
      ],
      [
        ['workflow::todo', 'bug', 'workflow::doing'],
        ['bug', 'workflow::doing'],
      ],
      [
        ['a::b::c', 'a::x'],
        ['a::b::c', 'a::x'],
      ],
      [['a::b::c', 'a::b::d'], ['a::b::d']],
      [
        ['p::1', 'q::1', 'p::2', 'q::2', 'z'],
        ['p::2', 'q::2', 'z'],
      ],
      [
        ['x::', 'x::'],
        ['x::', 'x::'],
      ],
    ],
    '%j → %j',
  );
});
