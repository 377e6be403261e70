import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type DocumentNode, type OperationDefinitionNode, parse } from 'graphql';

/** Where GitLab's front-end documents live as fixtures: `<area>/<name>.graphql`. */
export const GITLAB_DOCUMENTS_DIR = join(import.meta.dirname, 'gitlab-documents');

/** One of GitLab's own front-end documents, as stored under gitlab-documents/. */
export interface GitlabDocument {
  /** `<area>/<name>.graphql`, relative to GITLAB_DOCUMENTS_DIR. */
  file: string;
  /** `gitlab-org/gitlab:<path>`: where the document comes from in GitLab's repository. */
  origin: string;
  /** The values the document runs with, from the `# Variables:` line (placeholders unresolved). */
  variables: Record<string, unknown>;
  source: string;
  document: DocumentNode;
  operation: OperationDefinitionNode;
}

const ORIGIN = /^# Origin: (gitlab-org\/gitlab:[\w./-]+\.graphql)\s*$/m;
const VARIABLES = /^# Variables: (.*)$/m;

function graphqlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return graphqlFiles(path);
      return entry.name.endsWith('.graphql') ? [path] : [];
    })
    .sort();
}

/** Parses one fixture; throws naming the file when its header is missing or malformed. */
export function readGitlabDocument(path: string, root = GITLAB_DOCUMENTS_DIR): GitlabDocument {
  const file = relative(root, path);
  const source = readFileSync(path, 'utf8');
  const origin = ORIGIN.exec(source)?.[1];
  if (!origin) throw new Error(`${file}: no "# Origin: gitlab-org/gitlab:<path>.graphql" line`);
  const variablesLine = VARIABLES.exec(source)?.[1];
  if (variablesLine === undefined) throw new Error(`${file}: no "# Variables: {json}" line`);
  const variables = JSON.parse(variablesLine) as unknown;
  if (!variables || typeof variables !== 'object' || Array.isArray(variables)) {
    throw new Error(`${file}: "# Variables:" is not a JSON object`);
  }
  if (/^#import /m.test(source)) throw new Error(`${file}: an #import line is left: inline its fragments`);
  const document = parse(source);
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  if (operations.length !== 1) throw new Error(`${file}: ${operations.length} operations; one per file`);
  return { file, origin, variables: variables as Record<string, unknown>, source, document, operation: operations[0]! };
}

/** Every fixture under `root`, sorted by path: queries first, then mutations, then subscriptions. */
export function readGitlabDocuments(root = GITLAB_DOCUMENTS_DIR): GitlabDocument[] {
  const order = { query: 0, mutation: 1, subscription: 2 } as const;
  return graphqlFiles(root)
    .map((path) => readGitlabDocument(path, root))
    .sort((a, b) => order[a.operation.operation] - order[b.operation.operation] || a.file.localeCompare(b.file));
}
