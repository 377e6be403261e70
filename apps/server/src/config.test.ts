import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const PRIMARY = 'postgres://meridian@db.internal:5432/meridian';

describe('DATABASE_REPLICA_URLS', () => {
  it.each([
    ['', undefined],
    ['  ', undefined],
    ['postgres://r1/meridian', ['postgres://r1/meridian']],
    [' postgres://r1/m , postgres://r2/m ', ['postgres://r1/m', 'postgres://r2/m']],
  ])('%j reads as %j', (value, urls) => {
    expect(loadConfig({ DATABASE_URL: PRIMARY, DATABASE_REPLICA_URLS: value }).DATABASE_REPLICA_URLS).toEqual(urls);
  });

  it('refuses a list entry that is no URL, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_URL: PRIMARY, DATABASE_REPLICA_URLS: 'postgres://r1/m,,replica2' })).toThrow(
      /Invalid configuration: DATABASE_REPLICA_URLS\.1: /,
    );
  });

  it('refuses replicas without the primary they replicate', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://r1/m' })).toThrow(
      'Invalid configuration: DATABASE_REPLICA_URLS needs DATABASE_URL (the primary they replicate)',
    );
  });
});

describe('LDAP', () => {
  const base = 'ou=people,dc=example,dc=com';
  it.each([
    ['ldap://ldap.example.com:389', true],
    ['ldaps://ldap.example.com:636/', true],
    ['ldap://127.0.0.1:3890', true],
    ['http://ldap.example.com', false],
    ['ldap://ldap.example.com/dc=example', false],
    ['ldap://', false],
  ])('LDAP_URL %j is accepted: %j', (url, ok) => {
    const load = () => loadConfig({ LDAP_URL: url, LDAP_BASE: base });
    if (ok) expect(load().LDAP_URL).toBe(url);
    else expect(load).toThrow(/Invalid configuration: LDAP_URL: /);
  });

  it('is off when unset or empty, needs LDAP_BASE with LDAP_URL, and matches logins on uid by default', () => {
    expect(loadConfig({}).LDAP_URL).toBeUndefined();
    expect(loadConfig({ LDAP_URL: '' }).LDAP_URL).toBeUndefined();
    expect(() => loadConfig({ LDAP_URL: 'ldap://ldap.example.com' })).toThrow(
      'Invalid configuration: LDAP_BASE is required with LDAP_URL',
    );
    expect(loadConfig({ LDAP_URL: 'ldap://ldap.example.com', LDAP_BASE: base }).LDAP_UID).toBe('uid');
    expect(() => loadConfig({ LDAP_UID: 'uid)(x' })).toThrow(/LDAP_UID: must be an attribute name/);
  });
});

describe('object storage', () => {
  it('is off when OBJECT_STORAGE_BUCKET is unset or empty, and needs both keys with it', () => {
    expect(loadConfig({ OBJECT_STORAGE_BUCKET: '' }).OBJECT_STORAGE_BUCKET).toBeUndefined();
    expect(() => loadConfig({ OBJECT_STORAGE_BUCKET: 'uploads', OBJECT_STORAGE_ACCESS_KEY_ID: 'key' })).toThrow(
      'Invalid configuration: OBJECT_STORAGE_ACCESS_KEY_ID and OBJECT_STORAGE_SECRET_ACCESS_KEY are required with OBJECT_STORAGE_BUCKET',
    );
    const config = loadConfig({
      OBJECT_STORAGE_BUCKET: 'uploads',
      OBJECT_STORAGE_ACCESS_KEY_ID: 'key',
      OBJECT_STORAGE_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config).toMatchObject({ OBJECT_STORAGE_REGION: 'us-east-1', OBJECT_STORAGE_PATH_STYLE: 'true' });
    expect(() => loadConfig({ OBJECT_STORAGE_ENDPOINT: 'minio 9000' })).toThrow(/OBJECT_STORAGE_ENDPOINT/);
  });
});
