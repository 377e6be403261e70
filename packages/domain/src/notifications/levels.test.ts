import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { effectiveLevel, type LevelSetting } from './levels';

describe('effectiveLevel: the nearest non-global setting, else the global one, else participating', () => {
  type Input = [ReadonlyArray<LevelSetting | undefined>, LevelSetting | undefined];
  expectCases(([chain, global]: Input) => effectiveLevel(chain, global).level, [
    [[[], undefined], 'participating'],
    [[[undefined, undefined], undefined], 'participating'],
    [[[], { level: 'watch' }], 'watch'],
    [[[{ level: 'global' }], { level: 'disabled' }], 'disabled'],
    [[[{ level: 'mention' }], { level: 'watch' }], 'mention'],
    [[[undefined, { level: 'watch' }], { level: 'disabled' }], 'watch'],
    [[[{ level: 'global' }, { level: 'disabled' }, { level: 'watch' }], undefined], 'disabled'],
    [[[{ level: 'participating' }, { level: 'watch' }], { level: 'mention' }], 'participating'],
  ] as const satisfies ReadonlyArray<readonly [Input, string]>);

  it('carries the custom events of the setting it chose', () => {
    const chosen = effectiveLevel([{ level: 'custom', events: { new_note: true } }], { level: 'watch' });
    expect(chosen).toEqual({ level: 'custom', events: { new_note: true } });
  });
});
