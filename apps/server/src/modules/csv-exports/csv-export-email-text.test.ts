import { describe, expect, it } from 'vitest';
import { csvExportEmailText, parameterize } from './csv-export-email-text';

const report = {
  objects: 'issues',
  projectName: 'Acme / <Web>',
  projectUrl: 'https://m.example/acme/web',
  count: 3,
  written: 3,
  truncated: false,
};

describe('csvExportEmailText', () => {
  it("says what GitLab's mailer view says", () => {
    const { text, html } = csvExportEmailText(report);
    expect(text).toBe(
      'Your CSV export of 3 issues from project Acme / <Web> (https://m.example/acme/web) has been added to this email as an attachment.',
    );
    expect(html).toContain('<a href="https://m.example/acme/web">Acme / &lt;Web&gt;</a>');
  });

  it('says how much was left out of a truncated attachment', () => {
    const { text } = csvExportEmailText({ ...report, objects: 'merge requests', count: 900, written: 1 });
    expect(text).toContain('Your CSV export of 1 merge request from project');
    const cut = csvExportEmailText({ ...report, count: 900, written: 700, truncated: true }).text;
    expect(cut.split('\n\n')[1]).toBe(
      'This attachment has been truncated to avoid exceeding the maximum allowed attachment size of 15 MB. 700 of 900 issues have been included. Consider re-exporting with a narrower selection of issues.',
    );
  });
});

describe('parameterize', () => {
  it.each([
    ['acme/web', 'acme-web'],
    ['Acme/Sub.Group/web_app', 'acme-sub-group-web_app'],
    ['-x/y-', 'x-y'],
  ])('%s → %s', (path, expected) => {
    expect(parameterize(path)).toBe(expected);
  });
});
