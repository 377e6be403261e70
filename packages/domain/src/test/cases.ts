import { expect, it } from 'vitest';

/**
 * The table test: one `it` per `[input, expected]` case, each expecting `fn(input)` to equal
 * `expected` (deep equality, so objects and null compare by value). `title` names each case as
 * `it.each` does (`%s`, `%j` for the input, then the expected value). A function of more arguments,
 * or one reading a fixed clock, goes through a wrapper: `expectCases((due) => dueDateText(due, now), …)`.
 * Test-only: imports vitest; server and web tests use it as `@meridian/domain/test/cases`.
 */
export function expectCases<I, O>(fn: (input: I) => O, cases: ReadonlyArray<readonly [I, O]>, title = '%j → %j'): void {
  it.each(cases.map(([input, expected]) => [input, expected] as [I, O]))(title, (input, expected) => {
    expect(fn(input)).toEqual(expected);
  });
}

/**
 * A parser and its yes/no twin (`normalizeColor` / `isValidColor`, `parseScopedLabel` / `isScopedLabel`):
 * one `it` per case, expecting `parse(input)` to equal `expected` and `is(input)` to hold exactly when
 * `expected` is not null.
 */
export function expectParseCases<O>(
  parse: (input: string) => O | null,
  is: (input: string) => boolean,
  cases: ReadonlyArray<readonly [string, O | null]>,
  title = '%s → %j',
): void {
  it.each(cases.map(([input, expected]) => [input, expected] as [string, O | null]))(title, (input, expected) => {
    expect(parse(input)).toEqual(expected);
    expect(is(input)).toBe(expected !== null);
  });
}
