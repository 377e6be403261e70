import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DEFAULT_PAT_PREFIX, secretRules } from '@meridian/domain';
import safeRegex from 'safe-regex2';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../../..');
const DIRS = ['apps/server/src', 'packages/domain/src'];

/**
 * Expressions safe-regex2 cannot judge or flags wrongly, by 'file: source', with the reason.
 * Keep it short: prefer rewriting the regex.
 */
const ALLOWED: Record<string, string> = {
  'apps/server/src/modules/autocomplete/epic-suggestions.service.ts: /^(?:.*::)?&?(\\d{1,10})$/':
    'anchored, the optional group is tried once and its .* backtracks at most n times (linear); the search is ≤ 255 chars',
  'apps/server/src/security/authz-matrix/rest-catalogue.ts: /^GET \\/(groups\\/)?(:s\\d+\\/)+-\\/:resource\\(/':
    'test support: runs on the constant route table, never on client input',
  'packages/domain/src/filtered-search/encode-value.ts: /[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]/g':
    'no quantifier at all; safe-regex2 cannot parse the lookbehind',
  'packages/domain/src/references/references.ts: new RegExp(`^(${PATH})?#(\\\\d{1,10})$`)':
    "PATH nests segment* in (/segment)*, but '/' is not in the segment class, so there is one way to match (linear)",
  'packages/domain/src/references/references.ts: new RegExp(`^(?:(${PATH})(::)?)?&(\\\\d{1,10})$`)':
    'same PATH as above; the rest is bounded',
  "packages/domain/src/secrets/secret-detection.ts: new RegExp(rule.source, rule.caseInsensitive ? 'gi' : 'g')":
    "the secret rules of secret-rules.ts, each checked below ('the secret rules are safe'); the configurable prefix is escaped",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

interface FoundRegex {
  where: string;
  key: string;
  /** null: built from something that is not a string literal, so it cannot be checked here. */
  pattern: RegExp | string | null;
}

function regexesIn(file: string): FoundRegex[] {
  const name = relative(ROOT, file);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: FoundRegex[] = [];
  const at = (node: ts.Node) => `${name}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText(source);
      const lastSlash = text.lastIndexOf('/');
      const pattern = new RegExp(text.slice(1, lastSlash), text.slice(lastSlash + 1));
      found.push({ where: at(node), key: `${name}: ${text}`, pattern });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const first = node.arguments?.[0];
      const literal = first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first));
      found.push({
        where: at(node),
        key: `${name}: ${node.getText(source)}`,
        pattern: literal ? (first as ts.StringLiteral).text : null,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no unsafe regular expressions', () => {
  const all = DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap(regexesIn);

  it('finds the regexes of the server and the domain package', () => {
    expect(all.length).toBeGreaterThan(20);
    expect(all.some((r) => r.where.startsWith('packages/domain/'))).toBe(true);
  });

  it('has no regex safe-regex2 flags (star height > 1) and no unchecked new RegExp(…)', () => {
    const bad = all
      .filter((r) => !Object.hasOwn(ALLOWED, r.key))
      .filter((r) => r.pattern === null || !safeRegex(r.pattern))
      .map((r) => `${r.where} ${r.key.slice(r.key.indexOf(': ') + 2)}`);
    expect(bad).toEqual([]);
  });

  it('flags the H1 regex shape and passes a plain one (the checker works)', () => {
    expect(safeRegex(/^(a+)+$/)).toBe(false);
    expect(safeRegex(/^[A-Za-z0-9_.-]+$/)).toBe(true);
  });

  it('the secret rules are safe, with the default and a hostile configured prefix', () => {
    for (const prefix of [DEFAULT_PAT_PREFIX, '(a+)+', 'x.*y']) {
      const unsafe = secretRules(prefix).filter((rule) => !safeRegex(new RegExp(rule.source)));
      expect(unsafe.map((rule) => rule.name)).toEqual([]);
    }
  });

  it('keeps the allow-list to expressions that still exist', () => {
    const keys = new Set(all.map((r) => r.key));
    expect(Object.keys(ALLOWED).filter((k) => !keys.has(k))).toEqual([]);
  });
});
