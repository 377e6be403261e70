import { completeJiraMapping, defaultJiraMapping } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../errors';
import { placeholderStem } from '../source-people';
import { parseJiraCsv } from './jira-csv';
import { parseJiraJson } from './jira-json';
import { planJiraImport, typesAndStatuses } from './jira-plan';
import { guessJiraFormat } from './jira-read';

/** The two readers on the variants of Jira's formats the samples do not hold, and the plan's edge cases (no database). */

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
  throw new Error('not refused');
};

describe('parseJiraCsv', () => {
  it('reads Jira Cloud’s export: people by account id (comment authors too), Parent for epics', () => {
    const csv = [
      'Summary,Issue key,Issue id,Issue Type,Status,Assignee,Assignee Id,Reporter,Reporter Id,Created,Parent,Comment',
      'Epic one,ABC-1,100,Epic,To Do,,,Ann Lee,5b10a,12/Jan/24 3:45 PM,,',
      'Child,ABC-2,101,Story,Done,Ann Lee,5b10a,Ben Ng,77aa,13/Jan/24 9:00 AM,100,"14/Jan/24 10:00 AM;77aa;Seen, fixed; closing"',
    ].join('\n');
    const { issues } = parseJiraCsv(csv);
    expect(issues[1]).toMatchObject({
      key: 'ABC-2',
      parent: '100',
      assignee: { key: '5b10a', username: null, email: null, name: 'Ann Lee' },
      reporter: { key: '77aa', username: null, name: 'Ben Ng' },
      statusCategory: 'done',
      type: { name: 'Story', subtask: false },
      comments: [
        {
          id: '1',
          author: { key: '77aa', username: null, email: null, name: 'Ben Ng' },
          body: 'Seen, fixed; closing',
          created: '2024-01-14T10:00:00.000Z',
        },
      ],
    });
  });

  it('reads a semicolon-separated file with a byte order mark, quoted new lines, and a comment without a date', () => {
    const csv =
      '\uFEFFSummary;Issue key;Issue Type;Description;Comment\n"Two\nlines";X-9;Bug;"a ""quote"";b";"just text; no date"\n';
    const { issues } = parseJiraCsv(csv);
    expect(issues[0]).toMatchObject({
      summary: 'Two\nlines',
      description: 'a "quote";b',
      comments: [{ author: null, body: 'just text; no date', created: null }],
    });
  });

  it('reads work logs in both of Jira’s forms and flags a row whose Parent id names an issue as a sub-task', () => {
    const csv = [
      'Summary,Issue key,Issue id,Issue Type,Parent id,Log Work,Log Work,Time Spent',
      'Parent,T-1,1,Story,,,,',
      'Child,T-2,2,Technical task,1,"Fix; then test;12/Jan/24 3:45 PM;ann;1800",12/Jan/24 4:00 PM;ben;600,2400',
    ].join('\n');
    const [, issue] = parseJiraCsv(csv).issues;
    expect(issue?.type).toEqual({ name: 'Technical task', subtask: true, hierarchyLevel: null });
    expect(issue?.worklogs).toEqual([
      {
        id: '1',
        author: { key: 'ann', username: 'ann', email: null, name: 'ann' },
        comment: 'Fix; then test',
        started: '2024-01-12T15:45:00.000Z',
        seconds: 1800,
      },
      {
        id: '2',
        author: { key: 'ben', username: 'ben', email: null, name: 'ben' },
        comment: '',
        started: '2024-01-12T16:00:00.000Z',
        seconds: 600,
      },
    ]);
  });

  it.each([
    ['', 'file is not a Jira CSV export: it is empty'],
    [
      'Summary,Issue key\nA,B-1\n',
      'file is not a Jira CSV export: the header has no Issue Type column (found: Summary, Issue key)',
    ],
    ['Summary,Issue key,Issue Type\nA,not a key,Bug\n', 'line 2 has the issue key "not a key", which is not one'],
    ['Summary,Issue key,Issue Type\nA,B-1,Bug\nC,B-1,Bug\n', 'file holds the issue B-1 twice (line 3)'],
    ['Summary,Issue key,Issue Type\n"A,B-1,Bug\n', 'file is not a readable CSV file'],
  ])('refuses %j', (csv, message) => {
    expect(refusal(() => parseJiraCsv(csv))).toContain(message);
  });
});

describe('parseJiraJson', () => {
  const issue = (key: string, fields: Record<string, unknown>) => ({
    key,
    id: '1',
    self: 'https://x.test/rest/api/3/issue/1',
    fields: { summary: key, ...fields },
  });

  it('reads one issue, REST API v3 rich text, Server sprint strings and the default Epic Link field', () => {
    const file = parseJiraJson(
      JSON.stringify(
        issue('A-1', {
          issuetype: { name: 'Story', subtask: false },
          description: {
            type: 'doc',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi', marks: [{ type: 'strong' }] }] }],
          },
          customfield_10014: 'A-9',
          customfield_10020: [
            'com.atlassian.greenhopper.service.sprint.Sprint@1f[id=3,rapidViewId=1,state=CLOSED,name=Sprint 3,startDate=2024-01-01]',
          ],
          assignee: { accountId: '5b10a', displayName: 'Ann Lee' },
          comment: {
            comments: [
              {
                id: '7',
                body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'ok' }] }] },
                created: '2024-01-02T03:04:05.000+0000',
              },
            ],
          },
        }),
      ),
    );
    expect(file.site).toBe('https://x.test');
    expect(file.issues[0]).toMatchObject({
      description: '**Hi**',
      epic: 'A-9',
      sprints: ['Sprint 3'],
      assignee: { key: '5b10a', username: null, email: null, name: 'Ann Lee' },
      comments: [{ id: '7', body: 'ok', created: '2024-01-02T03:04:05.000Z', author: null }],
    });
  });

  it('puts pages together (a list of search answers)', () => {
    const pages = [{ issues: [issue('A-1', {})] }, { issues: [issue('A-2', {})] }];
    expect(parseJiraJson(JSON.stringify(pages)).issues.map((i) => i.key)).toEqual(['A-1', 'A-2']);
  });

  it.each([
    ['[', 'file is not valid JSON'],
    ['{"values": []}', 'file is not Jira issue JSON: expected a search answer'],
    ['[[{"issues": []}]]', 'file is not Jira issue JSON: expected a search answer'],
    ['{"issues": [{"key": "A-1"}]}', 'issue 1 has no key or no fields'],
    [JSON.stringify({ issues: [issue('A-1', {}), issue('A-1', {})] }), 'file holds the issue A-1 twice'],
  ])('refuses %s', (json, message) => {
    expect(refusal(() => parseJiraJson(json))).toContain(message);
  });
});

describe('planJiraImport', () => {
  const csv = [
    'Summary,Issue key,Issue id,Issue Type,Parent id,Custom field (Epic Link)',
    'Epic,P-1,1,Epic,,',
    'Story,P-2,2,Story,,P-1',
    'Sub,P-3,3,Sub-task,2,P-1',
  ].join('\n');
  const { issues } = parseJiraCsv(csv);
  const seen = typesAndStatuses(issues);
  const defaults = defaultJiraMapping(seen.types, seen.statuses, { epics: true });
  const problems = (mapping: typeof defaults) =>
    planJiraImport(issues, mapping)
      .items.filter((i) => i.kind === 'parent_link' || i.kind === 'epic_link')
      .map((i) => [i.kind, i.sourceId, (i.data as { problem: string | null }).problem]);

  it('says why a link of the hierarchy cannot be made in Meridian', () => {
    expect(problems(defaults)).toEqual([
      ['parent_link', 'P-3', null],
      ['epic_link', 'P-2', null],
      ['epic_link', 'P-3', "a task cannot be in an epic (Meridian's epics hold issues); P-3 is a task"],
    ]);
    expect(problems(completeJiraMapping(defaults, { types: { 'Sub-task': { kind: 'issue' } } }))).toEqual([
      [
        'parent_link',
        'P-3',
        'only tasks go under issues in Meridian; P-3 is imported as an issue (map its type Sub-task to task)',
      ],
      ['epic_link', 'P-2', null],
      ['epic_link', 'P-3', null],
    ]);
  });

  it('takes a Parent id naming an epic as the epic, not a sub-task parent', () => {
    const file = parseJiraCsv(
      ['Summary,Issue key,Issue id,Issue Type,Parent id', 'Epic,Q-1,1,Epic,', 'Story,Q-2,2,Story,1'].join('\n'),
    );
    expect(file.issues[1]?.type.subtask).toBe(false);
    const seenHere = typesAndStatuses(file.issues);
    const plan = planJiraImport(file.issues, defaultJiraMapping(seenHere.types, seenHere.statuses, { epics: true }));
    expect(plan.totals).toMatchObject({ epic: 1, issue: 1, epic_link: 1, parent_link: 0 });
  });
});

describe('guessJiraFormat and placeholder usernames', () => {
  it.each([
    ['export.json', 'x', 'json'],
    ['export.CSV', '{', 'csv'],
    ['export', ' \n[{"key": "A-1"}]', 'json'],
    ['export', 'Summary,Issue key', 'csv'],
  ])('%s starting %j is %s', (name, text, format) => {
    expect(guessJiraFormat(name, text)).toBe(format);
  });

  it.each([
    ['Zoë Žák', 'Zoe_Zak'],
    ['carol@example.com', 'carol'],
    ['.hidden', 'hidden'],
    ['渡辺', '__'],
    ['', 'user'],
  ])('%j → %j', (text, stem) => {
    expect(placeholderStem(text)).toBe(stem);
  });
});

describe('attachments', () => {
  it("reads the CSV's Attachment columns (date;author;filename;url), a filename with a semicolon too", () => {
    const file = parseJiraCsv(
      [
        'Summary,Issue key,Issue id,Issue Type,Attachment,Attachment',
        'One,AT-1,1,Task,12/Jan/24 3:45 PM;alice;plan;v2.pdf;https://jira.example/secure/attachment/1/plan%3Bv2.pdf,',
        'Two,AT-2,2,Task,not an attachment,',
      ].join('\n'),
    );
    expect(file.issues[0]?.attachments).toEqual([
      {
        filename: 'plan;v2.pdf',
        url: 'https://jira.example/secure/attachment/1/plan%3Bv2.pdf',
        size: null,
        mimeType: null,
        author: expect.objectContaining({ name: 'alice' }),
        created: '2024-01-12T15:45:00.000Z',
      },
    ]);
    expect(file.issues[1]?.attachments).toEqual([]);
  });
});
