import { describe } from 'vitest';
import { expectCases } from '../test/cases';
import {
  type DuoSettings,
  type DuoSettingsInput,
  experimentFeaturesEnabled,
  isDuoAvailability,
  resolveDuoSettings,
} from './duo-availability';

const on = (locked_by: DuoSettings['locked_by'] = null): DuoSettings => ({
  duo_availability: 'default_on',
  duo_features_enabled: true,
  lock_duo_features_enabled: locked_by !== null,
  locked_by,
});
const off: DuoSettings = {
  duo_availability: 'default_off',
  duo_features_enabled: false,
  lock_duo_features_enabled: false,
  locked_by: null,
};
const never = (locked_by: DuoSettings['locked_by'] = null): DuoSettings => ({
  duo_availability: 'never_on',
  duo_features_enabled: false,
  lock_duo_features_enabled: locked_by !== null,
  locked_by,
});

const always = (locked_by: DuoSettings['locked_by'] = null): DuoSettings => ({
  duo_availability: 'always_on',
  duo_features_enabled: true,
  lock_duo_features_enabled: locked_by !== null,
  locked_by,
});

describe('resolveDuoSettings', () => {
  expectCases<DuoSettingsInput, DuoSettings>(resolveDuoSettings, [
    // Nothing stored anywhere: on by default.
    [{ instanceEnabled: true, chain: [null] }, on()],
    [{ instanceEnabled: true, chain: [null, null, null] }, on()],
    // A group's own value.
    [{ instanceEnabled: true, chain: ['default_off'] }, off],
    [{ instanceEnabled: true, chain: ['never_on'] }, never()],
    // Inherited from the nearest ancestor with a value.
    [{ instanceEnabled: true, chain: ['default_off', null, null] }, off],
    [{ instanceEnabled: true, chain: ['default_off', 'default_on', null] }, on()],
    // A subgroup may differ from a default_on or default_off parent.
    [{ instanceEnabled: true, chain: ['default_on', 'default_off'] }, off],
    [{ instanceEnabled: true, chain: ['default_off', 'default_on'] }, on()],
    [{ instanceEnabled: true, chain: ['default_on', 'never_on'] }, never()],
    // An ancestor's never_on locks the descendants, whatever they stored.
    [{ instanceEnabled: true, chain: ['never_on', 'default_on'] }, never(0)],
    [{ instanceEnabled: true, chain: ['default_on', 'never_on', null, 'default_on'] }, never(1)],
    [{ instanceEnabled: true, chain: ['never_on', 'never_on', 'default_off'] }, never(0)],
    // always_on (GitLab 19.1): on, and locks the descendants on, whatever they stored.
    [{ instanceEnabled: true, chain: ['always_on'] }, always()],
    [{ instanceEnabled: true, chain: ['always_on', null] }, always(0)],
    [{ instanceEnabled: true, chain: ['always_on', 'default_off'] }, always(0)],
    [{ instanceEnabled: true, chain: ['always_on', 'never_on', 'default_off'] }, always(0)],
    // The topmost lock wins, Always on or Always off.
    [{ instanceEnabled: true, chain: ['never_on', 'always_on', null] }, never(0)],
    [{ instanceEnabled: true, chain: ['default_off', 'always_on', 'never_on'] }, always(1)],
    // The instance switch off locks every group.
    [{ instanceEnabled: false, chain: ['always_on'] }, never('instance')],
    [{ instanceEnabled: false, chain: ['always_on', 'default_on'] }, never('instance')],
    [{ instanceEnabled: false, chain: ['default_on'] }, never('instance')],
    [{ instanceEnabled: false, chain: ['never_on', null] }, never('instance')],
  ]);
});

describe('experimentFeaturesEnabled', () => {
  expectCases<[boolean, DuoSettings], boolean>(
    ([top, duo]) => experimentFeaturesEnabled(top, duo),
    [
      [[true, on()], true],
      [[true, off], true],
      [[false, on()], false],
      [[true, never()], false],
      [[true, never(0)], false],
      [[true, always()], true],
      [[false, always(0)], false],
    ],
  );
});

describe('isDuoAvailability', () => {
  expectCases(isDuoAvailability, [
    ['default_on', true],
    ['default_off', true],
    ['never_on', true],
    ['always_on', true],
    ['always', false],
    ['', false],
    [null, false],
    [1, false],
  ]);
});
