import { iso31661, iso31662 } from 'iso-3166';

/**
 * Countries and their subdivisions from ISO 3166 (the maintained `iso-3166` package), in the
 * shapes of GitLab's `World.countries_for_select` and `World.states_for_country`.
 */
export type CountryOption = [name: string, alpha2: string];

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

const COUNTRIES: CountryOption[] = [...iso31661].sort(byName).map((c) => [c.name, c.alpha2]);
const COUNTRY_CODES = new Set(iso31661.map((c) => c.alpha2));

/** `[[name, alpha2], …]` by name. */
export function countriesForSelect(): CountryOption[] {
  return COUNTRIES;
}

export function isCountryCode(alpha2: string): boolean {
  return COUNTRY_CODES.has(alpha2);
}

const statesCache = new Map<string, Record<string, string>>();

/**
 * `{name: code}` by name for a known alpha-2 code, the code without its country prefix
 * (`US-CA` → `CA`), as GitLab; `{}` for a country without subdivisions; null for an unknown country.
 */
export function statesForCountry(alpha2: string): Record<string, string> | null {
  if (!isCountryCode(alpha2)) return null;
  const cached = statesCache.get(alpha2);
  if (cached) return cached;
  const prefix = `${alpha2}-`;
  const states = iso31662.filter((s) => s.code.startsWith(prefix)).sort(byName);
  const map: Record<string, string> = {};
  for (const s of states) map[s.name] = s.code.slice(prefix.length);
  statesCache.set(alpha2, map);
  return map;
}

/** Whether `code` (without its country prefix) is one of the country's subdivisions. */
export function isStateOf(alpha2: string, code: string): boolean {
  return Object.values(statesForCountry(alpha2) ?? {}).includes(code);
}
