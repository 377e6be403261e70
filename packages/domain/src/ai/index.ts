export {
  DUO_AVAILABILITY_VALUES,
  type DuoAvailability,
  type DuoSettings,
  type DuoSettingsInput,
  experimentFeaturesEnabled,
  isDuoAvailability,
  resolveDuoSettings,
} from './duo-availability';
