import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { detectSecrets, maskSecret, secretWarningTitle } from './secret-detection';

// Test tokens are built, not written out, so no file of ours holds a real-looking secret.
const chars = (n: number, alphabet = 'aB3_x-Z9') =>
  Array.from({ length: n }, (_, i) => alphabet[i % alphabet.length]).join('');
const alnum = (n: number) => chars(n, 'aB3xZ9q7');
const upper = (n: number) => chars(n, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567');

describe('maskSecret (IE §5, §9: first 5, last 4, at most 22 asterisks)', () => {
  expectCases(maskSecret, [
    ['', ''],
    ['short', 'short'],
    ['123456789', '123456789'],
    ['1234567890', '12345*7890'],
    [`glpat-${'x'.repeat(20)}`, `glpat${'*'.repeat(17)}xxxx`],
    ['a'.repeat(100), `aaaaa${'*'.repeat(22)}aaaa`],
  ]);
});

describe('secretWarningTitle', () => {
  expectCases(secretWarningTitle, [
    [1, 'Warning: Potential secret detected'],
    [2, 'Warning: Potential secrets detected'],
  ]);
});

const names = (text: string, prefix?: string) => detectSecrets(text, prefix).map((s) => s.name);

describe('detectSecrets: each kind of IE §5 and the common vendor formats', () => {
  expectCases(
    (text: string) => names(text),
    [
      [`my token glpat-${chars(20)} oops`, ['GitLab personal access token']],
      [`GLPAT-${chars(20)}`, ['GitLab personal access token']],
      [`feed_token=${chars(20)}`, ['Feed Token']],
      [`glft-${chars(20)}`, ['Feed Token']],
      [`glft-abc123-42_`, ['Feed Token']],
      [`gloas-${chars(64)}`, ['GitLab OAuth Application Secret']],
      [`gldt-${chars(20)}`, ['GitLab Deploy Token']],
      [`glsoat-${chars(20)}`, ['GitLab SCIM OAuth Access Token']],
      [`glcbt-a1_${chars(20)}`, ['GitLab CI Build (Job) Token']],
      [`glffct-${chars(20)}`, ['GitLab Feature Flags Client Token']],
      [`glrt-${chars(20)}`, ['GitLab Runner Token']],
      [`glimt-${chars(25)}`, ['GitLab Incoming Mail Token']],
      [`glagent-${chars(50)}`, ['GitLab Agent for Kubernetes token']],
      [`glptt-${chars(40)}`, ['GitLab Pipeline Trigger Token']],
      [`sk-ant-api03-${chars(86)}-${chars(8)}`, ['Anthropic key']],
      [`aws_access_key_id = AKIA${upper(16)}`, ['AWS access key']],
      [`key=AIza${chars(35)}`, ['Google Cloud API key']],
      [`xoxb-${alnum(24)}`, ['Slack token']],
      [`https://hooks.slack.com/services/T${upper(8)}/B${upper(8)}/${alnum(24)}`, ['Slack webhook']],
      [`ghp_${alnum(36)}`, ['GitHub token']],
      [`github_pat_${chars(82, 'aB3_x9')}`, ['GitHub token']],
      [`sk_live_${alnum(24)}`, ['Stripe key']],
      ['-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA', ['Private key']],
      ['-----BEGIN PRIVATE KEY-----', ['Private key']],
    ],
  );
});

describe('detectSecrets: what is not a secret', () => {
  expectCases(
    (text: string) => names(text),
    [
      ['', []],
      ['A plain comment about tokens, glpat- and keys.', []],
      [`glpat-${chars(19)}`, []],
      [`akia${upper(16)}`, []],
      [`AKIA${upper(15)}`, []],
      ['-----BEGIN PUBLIC KEY-----', []],
      [`gh_${alnum(36)}`, []],
    ],
  );
});

describe('detectSecrets', () => {
  it('lists several secrets in the order they stand, each distinct one once, masked', () => {
    const runner = `glrt-${chars(20)}`;
    const pat = `glpat-${chars(20)}`;
    const found = detectSecrets(`first ${runner}, then ${pat} and ${runner} again`);
    expect(found).toEqual([
      { name: 'GitLab Runner Token', masked: maskSecret(runner) },
      { name: 'GitLab personal access token', masked: maskSecret(pat) },
    ]);
    expect(found.every((s) => s.masked.includes('*'))).toBe(true);
  });

  it('uses the instance’s personal access token prefix when it has another', () => {
    expect(names(`mytok-${chars(20)}`, 'mytok-')).toEqual(['GitLab personal access token']);
    expect(names(`glpat-${chars(20)}`, 'mytok-')).toEqual([]);
    // A prefix is text, not a pattern.
    expect(names(`a.b-${chars(20)}`, 'a.b-')).toEqual(['GitLab personal access token']);
    expect(names(`axb-${chars(20)}`, 'a.b-')).toEqual([]);
  });

  it('stays fast on a large hostile text (no catastrophic backtracking)', () => {
    const hostile = `${'glft-'.repeat(20_000)}${'a'.repeat(200_000)}${'-'.repeat(50_000)}`;
    const start = performance.now();
    detectSecrets(hostile);
    expect(performance.now() - start).toBeLessThan(2_000);
  });
});
