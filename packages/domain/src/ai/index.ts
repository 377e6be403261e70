export {
  DUO_AVAILABILITY_VALUES,
  type DuoAvailability,
  type DuoSettings,
  type DuoSettingsInput,
  experimentFeaturesEnabled,
  isDuoAvailability,
  isLocking as isLockingDuoAvailability,
  resolveDuoSettings,
} from './duo-availability';
