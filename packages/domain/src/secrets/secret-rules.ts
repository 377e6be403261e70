/** One kind of secret: its name as the warning lists it, and the pattern that finds it. */
export interface SecretRule {
  name: string;
  /** A source for `new RegExp(source, flags)`; bounded quantifiers only, never nested ones. */
  source: string;
  /** GitLab's own token kinds match case-insensitively, as its client does (IE §5). */
  caseInsensitive: boolean;
}

/** GitLab's default personal access token prefix; instances may configure another (IE §5). */
export const DEFAULT_PAT_PREFIX = 'glpat-';

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const gitlab = (name: string, source: string): SecretRule => ({ name, source, caseInsensitive: true });
const vendor = (name: string, source: string): SecretRule => ({ name, source, caseInsensitive: false });

/**
 * IE §5's token kinds (GitLab's client-side secret detection), then the common cloud and SaaS key
 * formats GitLab's secret push protection also knows (issue 12): AWS, Google Cloud, Slack, GitHub,
 * Stripe and private keys.
 */
export function secretRules(patPrefix: string = DEFAULT_PAT_PREFIX): SecretRule[] {
  return [
    gitlab('GitLab personal access token', `${escapeForRegExp(patPrefix)}[0-9a-zA-Z_-]{20}`),
    gitlab('Feed Token', 'feed_token=[0-9a-zA-Z_-]{20}|glft-[0-9a-zA-Z_-]{20}|glft-[a-h0-9]{1,64}-[0-9]{1,20}_'),
    gitlab('GitLab OAuth Application Secret', 'gloas-[0-9a-zA-Z_-]{64}'),
    gitlab('GitLab Deploy Token', 'gldt-[0-9a-zA-Z_-]{20}'),
    gitlab('GitLab SCIM OAuth Access Token', 'glsoat-[0-9a-zA-Z_-]{20}'),
    gitlab('GitLab CI Build (Job) Token', 'glcbt-[0-9a-zA-Z]{1,5}_[0-9a-zA-Z_-]{20}'),
    gitlab('GitLab Feature Flags Client Token', 'glffct-[0-9a-zA-Z_-]{20}'),
    gitlab('GitLab Runner Token', 'glrt-[0-9a-zA-Z_-]{20}'),
    gitlab('GitLab Incoming Mail Token', 'glimt-[0-9a-zA-Z_-]{25}'),
    gitlab('GitLab Agent for Kubernetes token', 'glagent-[0-9a-zA-Z_-]{50}'),
    gitlab('GitLab Pipeline Trigger Token', 'glptt-[0-9a-zA-Z_-]{40}'),
    gitlab('Anthropic key', 'sk-ant-[a-z]{3}\\d{2}-[A-Za-z0-9_-]{86}-[A-Za-z0-9_-]{8}'),
    vendor('AWS access key', '\\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z2-7]{16}\\b'),
    vendor('Google Cloud API key', '\\bAIza[0-9A-Za-z_-]{35}'),
    vendor('Slack token', '\\bxox[abposr]-[0-9A-Za-z-]{10,72}'),
    vendor('Slack webhook', 'https://hooks\\.slack\\.com/services/T[0-9A-Z]{8,12}/B[0-9A-Z]{8,12}/[0-9A-Za-z]{24}'),
    vendor('GitHub token', '\\bgh[pousr]_[0-9A-Za-z]{36}\\b|\\bgithub_pat_[0-9A-Za-z_]{82}\\b'),
    vendor('Stripe key', '\\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{24,99}\\b'),
    vendor('Private key', '-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----'),
  ];
}
