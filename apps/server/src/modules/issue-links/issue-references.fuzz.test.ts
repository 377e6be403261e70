import { fuzzRuns, parserInput, quick } from '@meridian/domain/test/fuzz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors';
import { issueTargetsFromReferences, MAX_REFERENCES } from './issue-references';

/**
 * Fuzzing the related-issues field and `/relate` (issue 25): any pasted text gives, in time, at most
 * MAX_REFERENCES issue targets with ids in range, or a 400 naming the field — never another error.
 */

const PIECES = [
  '#',
  '12',
  '0',
  '99999999999',
  '/',
  'acme/web',
  'api',
  ',',
  ' ',
  'https://h/acme/web/-/issues/',
  '%2F',
  '%E0%A4%A',
  '..',
];
const IIDS = ['0', '1', '007', '2147483647', '2147483648', '9999999999', '99999999999'];
/** `#iid`, `path#iid` and issue URLs around the integer range's edges. */
const referenceShaped = fc
  .tuple(fc.constantFrom('', 'api', 'acme/web', 'a%2Fb', '%E0%A4%A'), fc.constantFrom(...IIDS), fc.boolean())
  .map(([path, iid, url]) => (url ? `https://h/${path || 'x/y'}/-/issues/${iid}` : `${path}#${iid}`));
const tokens = fc.array(fc.oneof(parserInput(PIECES), referenceShaped), { maxLength: 5 });

describe('issueTargetsFromReferences (fuzz)', () => {
  it('gives at most MAX_REFERENCES targets or a 400 on issuable_references', () => {
    fc.assert(
      fc.property(tokens, (words) => {
        let targets: ReturnType<typeof issueTargetsFromReferences>;
        try {
          targets = quick(() => issueTargetsFromReferences(words, 'acme/web'));
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
          expect((error as DomainError).code).toBe('bad_request');
          expect((error as DomainError).field).toBe('issuable_references');
          return;
        }
        expect(targets.length).toBeGreaterThan(0);
        expect(targets.length).toBeLessThanOrEqual(MAX_REFERENCES);
        for (const target of targets) {
          expect(target.target_project_id).not.toBe('');
          expect(Number.isSafeInteger(target.target_issue_iid) && target.target_issue_iid >= 1).toBe(true);
          expect(target.target_issue_iid).toBeLessThanOrEqual(2_147_483_647);
        }
      }),
      fuzzRuns(1_000),
    );
  });
});
