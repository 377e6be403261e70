/** Loaded lazily: the seeders are large and only `seed` (or a first start) needs them. */
export const loadSeedDemo = async () => (await import('../seed/seed-demo')).seedDemo;
export const loadSeedLarge = async () => (await import('../seed/seed-large')).seedLarge;
