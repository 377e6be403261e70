import { createHash } from 'node:crypto';
import { sarifResultSeverity, type VulnerabilitySeverity } from '@meridian/domain';

/** One vulnerability a SARIF result becomes (before it is stored). */
export interface SarifFinding {
  title: string;
  description: string | null;
  severity: VulnerabilitySeverity;
  scannerName: string;
  scannerVersion: string | null;
  identifiers: VulnerabilityIdentifier[];
  file: string | null;
  startLine: number | null;
  endLine: number | null;
  fingerprint: string;
}

/** GitLab's identifier shape (`external_type`, `external_id`, `name`, `url`). */
export interface VulnerabilityIdentifier {
  external_type: 'rule' | 'cwe';
  external_id: string;
  name: string;
  url: string | null;
}

// Loose views of the parts of a schema-valid SARIF log that are read here.
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

const TITLE_MAX = 255;
const DESCRIPTION_MAX = 15_000;
/** CodeQL's `external/cwe/cwe-079` and Semgrep's `CWE-79: Improper Neutralization…` tags. */
const CWE_TAG = /^(?:external\/cwe\/)?cwe-(\d{1,6})\b/i;
/** Results that are not findings (SARIF §3.27.9 `kind`). */
const NOT_FINDINGS = new Set(['pass', 'notApplicable', 'informational']);

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function messageText(message: unknown, rule: Obj): string | undefined {
  const m = obj(message);
  const id = str(m.id);
  return str(m.text) ?? (id ? str(obj(obj(rule.messageStrings)[id]).text) : undefined);
}

function ruleOf(result: Obj, rules: unknown[]): Obj {
  const index = int(result.ruleIndex) ?? int(obj(result.rule).index);
  if (index !== null && index >= 0 && index < rules.length) return obj(rules[index]);
  const id = str(result.ruleId) ?? str(obj(result.rule).id);
  return obj(rules.find((r) => obj(r).id === id));
}

function identifiersOf(ruleId: string | undefined, rule: Obj, scanner: string): VulnerabilityIdentifier[] {
  const ids: VulnerabilityIdentifier[] = [];
  if (ruleId) {
    const url = str(rule.helpUri) ?? null;
    ids.push({ external_type: 'rule', external_id: ruleId, name: clip(`${scanner} - ${ruleId}`, TITLE_MAX), url });
  }
  const seen = new Set<string>();
  for (const tag of arr(obj(rule.properties).tags)) {
    const match = typeof tag === 'string' ? CWE_TAG.exec(tag) : null;
    const cwe = match?.[1] ? String(Number(match[1])) : undefined;
    if (!cwe || seen.has(cwe)) continue;
    seen.add(cwe);
    ids.push({
      external_type: 'cwe',
      external_id: cwe,
      name: `CWE-${cwe}`,
      url: `https://cwe.mitre.org/data/definitions/${cwe}.html`,
    });
  }
  return ids;
}

/**
 * The scanner's fingerprints when it gives any (`partialFingerprints`, `fingerprints`), else rule
 * id, file, start line and message; hashed with the scanner's name, so the same finding from
 * another import of the same tool matches and one from another tool does not.
 */
function fingerprintOf(
  scanner: string,
  ruleId: string | undefined,
  result: Obj,
  file: string | null,
  line: number | null,
  message: string,
): string {
  const given = { ...obj(result.partialFingerprints), ...obj(result.fingerprints) };
  const keys = Object.keys(given).sort();
  const basis =
    keys.length > 0
      ? ['fp', scanner, ruleId ?? '', ...keys.map((k) => `${k}=${String(given[k])}`)]
      : ['loc', scanner, ruleId ?? '', file ?? '', String(line ?? ''), message];
  return createHash('sha256').update(JSON.stringify(basis)).digest('hex');
}

/** The vulnerabilities of a schema-valid SARIF log, one per result that is a finding, in file order. */
export function sarifFindings(log: unknown): SarifFinding[] {
  const findings: SarifFinding[] = [];
  for (const run of arr(obj(log).runs)) {
    const driver = obj(obj(obj(run).tool).driver);
    const scannerName = clip(str(driver.name) ?? 'SARIF', 255);
    const scannerVersion = str(driver.version) ?? str(driver.semanticVersion) ?? null;
    const rules = arr(driver.rules);
    for (const raw of arr(obj(run).results)) {
      const result = obj(raw);
      if (NOT_FINDINGS.has(str(result.kind) ?? 'fail')) continue;
      if (arr(result.suppressions).some((s) => (str(obj(s).status) ?? 'accepted') === 'accepted')) continue;
      const rule = ruleOf(result, rules);
      const ruleId = str(result.ruleId) ?? str(obj(result.rule).id) ?? str(rule.id);
      const message = messageText(result.message, rule) ?? '';
      const physical = obj(obj(arr(result.locations)[0]).physicalLocation);
      const file = str(obj(physical.artifactLocation).uri) ?? null;
      const region = obj(physical.region);
      const startLine = int(region.startLine);
      const endLine = int(region.endLine) ?? startLine;
      const title =
        str(obj(rule.shortDescription).text) ?? str(rule.name) ?? (message.split('\n')[0] || ruleId) ?? 'Finding';
      const fullDescription = str(obj(rule.fullDescription).text);
      const description = [message, fullDescription].filter((t) => t && t !== title).join('\n\n');
      const level = str(result.level) ?? str(obj(rule.defaultConfiguration).level);
      const score = obj(result.properties)['security-severity'] ?? obj(rule.properties)['security-severity'];
      findings.push({
        title: clip(title.trim() || 'Finding', TITLE_MAX),
        description: description ? clip(description, DESCRIPTION_MAX) : null,
        severity: sarifResultSeverity(score, level),
        scannerName,
        scannerVersion: scannerVersion ? clip(scannerVersion, 255) : null,
        identifiers: identifiersOf(ruleId, rule, scannerName),
        file: file ? clip(file, 1024) : null,
        startLine,
        endLine,
        fingerprint: fingerprintOf(scannerName, ruleId, result, file, startLine, message),
      });
    }
  }
  return findings;
}
