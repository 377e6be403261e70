import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';

/** IE-57: ISO 3166 countries and subdivisions in GitLab's shapes, public. */
const t = useTestApp();
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /-/countries', () => {
  it('lists every ISO 3166-1 country as [name, alpha2], by name', async () => {
    const res = await get('/-/countries');
    expect(res.statusCode).toBe(200);
    const countries = res.json() as [string, string][];
    expect(countries.length).toBeGreaterThan(240);
    expect(countries).toContainEqual(['Germany', 'DE']);
    expect(countries).toContainEqual(['United States of America', 'US']);
    const names = countries.map(([name]) => name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countries.every(([, code]) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });
});

describe('GET /-/country_states', () => {
  it('answers {name: code} for a country, the code without its country prefix', async () => {
    const res = await get('/-/country_states?country=US');
    expect(res.statusCode).toBe(200);
    const states = res.json() as Record<string, string>;
    expect(states.California).toBe('CA');
    expect(states['New York']).toBe('NY');
    expect(Object.keys(states).length).toBeGreaterThanOrEqual(50);
    const ca = (await get('/-/country_states?country=CA')).json() as Record<string, string>;
    expect(ca.Ontario).toBe('ON');
  });

  it('answers {} for a country without subdivisions', async () => {
    const res = await get('/-/country_states?country=AQ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('is 400 naming the country when missing or malformed, 404 for an unknown code', async () => {
    const missing = await get('/-/country_states');
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('country');
    const bad = await get('/-/country_states?country=usa');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('country');
    expect((await get('/-/country_states?country=ZZ')).statusCode).toBe(404);
  });
});
