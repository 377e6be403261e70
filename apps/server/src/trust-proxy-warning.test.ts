import { describe, expect, it } from 'vitest';
import { warnIfProxyUntrusted } from './trust-proxy-warning';

const warned = (env: { MERIDIAN_EXTERNAL_URL?: string; TRUST_PROXY?: string }) => {
  const lines: string[] = [];
  const result = warnIfProxyUntrusted({ TRUST_PROXY: 'false', ...env }, (line) => lines.push(line));
  expect(lines.length).toBe(result ? 1 : 0);
  return lines[0];
};

describe('the start-up warning about TRUST_PROXY (review 2026-11-28, L1)', () => {
  it('warns when the external URL is not loopback and TRUST_PROXY is unset', () => {
    expect(warned({ MERIDIAN_EXTERNAL_URL: 'https://meridian.example.com' })).toMatch(
      /^Warning: TRUST_PROXY is not set while MERIDIAN_EXTERNAL_URL \(https:\/\/meridian\.example\.com\) is not a loopback address/,
    );
    expect(warned({ MERIDIAN_EXTERNAL_URL: 'http://10.1.2.3:3000', TRUST_PROXY: '' })).toBeDefined();
  });

  it('is quiet with TRUST_PROXY set, on loopback, or without an external URL', () => {
    expect(warned({ MERIDIAN_EXTERNAL_URL: 'https://meridian.example.com', TRUST_PROXY: '127.0.0.1' })).toBeUndefined();
    expect(warned({ MERIDIAN_EXTERNAL_URL: 'https://meridian.example.com', TRUST_PROXY: 'true' })).toBeUndefined();
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect(warned({ MERIDIAN_EXTERNAL_URL: url }), url).toBeUndefined();
    }
    expect(warned({})).toBeUndefined();
  });
});
