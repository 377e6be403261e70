/** The accounts the demo seed creates; the boot guard checks them for the published default password. */
export const DEMO_USERNAMES = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
  'oscar',
  'peggy',
  'trent',
  'victor',
] as const;
