import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { badRequest } from '../../errors';
import sarifSchema from './schema/sarif-schema-2.1.0.json';

type Validate = ReturnType<Ajv['compile']>;
let validate: Validate | undefined;

/** The SARIF 2.1.0 schema (schema/README.md), compiled on first use: most processes never import a report. */
function sarifValidator(): Validate {
  if (!validate) {
    // Without the u flag: the schema's `language` pattern has a stray `]`, literal only without it.
    const ajv = new Ajv({ allErrors: false, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    validate = ajv.compile(sarifSchema);
  }
  return validate;
}

/**
 * Checks a parsed SARIF log against the SARIF 2.1.0 JSON schema; a 400 naming the first schema
 * error (`file is invalid: /runs/0/results/0 must have required property 'message'`) otherwise.
 */
export function assertValidSarif(log: unknown): void {
  const check = sarifValidator();
  if (check(log)) return;
  const first = check.errors?.[0];
  const where = first?.instancePath || '/';
  throw badRequest(`file is invalid: ${where} ${first?.message ?? 'does not match the SARIF 2.1.0 schema'}`, 'file');
}
