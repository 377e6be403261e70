import { describe, expect, it } from 'vitest';
import { templateAtPath, templateFilePath } from './repository-file-path';

describe('template files in the repository', () => {
  it.each([
    ['.gitlab/issue_templates/Bug.md', { type: 'issue', name: 'Bug' }],
    ['.gitlab/issue_templates/Feature request.md', { type: 'issue', name: 'Feature request' }],
    ['.gitlab/merge_request_templates/Default.md', { type: 'merge_request', name: 'Default' }],
    ['.gitlab/issue_templates/notes.md.md', { type: 'issue', name: 'notes.md' }],
    ['.gitlab/issue_templates/.md', null],
    ['.gitlab/issue_templates/a/b.md', null],
    ['.gitlab/issue_templates/Bug.txt', null],
    ['.gitlab/issue_templates', null],
    ['gitlab/issue_templates/Bug.md', null],
    ['README.md', null],
    ['', null],
  ])('%j names %j', (path, template) => {
    expect(templateAtPath(path)).toEqual(template);
  });

  it('round-trips a name through its path', () => {
    for (const name of ['Bug', 'Bug report (P1)', 'ünïcode']) {
      expect(templateAtPath(templateFilePath('issue', name))).toEqual({ type: 'issue', name });
      expect(templateAtPath(templateFilePath('merge_request', name))).toEqual({ type: 'merge_request', name });
    }
  });
});
