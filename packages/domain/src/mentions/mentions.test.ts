import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { extractMentions, MENTION_LIMIT } from './mentions';

describe('extractMentions', () => {
  expectCases(extractMentions, [
    ['no one here', { usernames: [], directlyAddressed: [] }],
    ['@bob please look', { usernames: ['bob'], directlyAddressed: ['bob'] }],
    ['@bob @Carol, can you?', { usernames: ['bob', 'carol'], directlyAddressed: ['bob', 'carol'] }],
    ['thanks @bob.', { usernames: ['bob'], directlyAddressed: [] }],
    ['ask @dave-', { usernames: ['dave'], directlyAddressed: [] }],
    ['mail bob@example.com', { usernames: [], directlyAddressed: [] }],
    ['@@bob and @ alone', { usernames: [], directlyAddressed: [] }],
    ['@bob and @bob and @BOB', { usernames: ['bob'], directlyAddressed: ['bob'] }],
    ['(@erin) and [@frank]', { usernames: ['erin', 'frank'], directlyAddressed: [] }],
    ['code `@bob` is not a mention, @carol is', { usernames: ['carol'], directlyAddressed: [] }],
    ['```\n@bob in a fence\n```\n@carol after', { usernames: ['carol'], directlyAddressed: [] }],
    ['~~~js\n@bob\n~~~', { usernames: [], directlyAddressed: [] }],
    ['  \n @first.last_name ok', { usernames: ['first.last_name'], directlyAddressed: ['first.last_name'] }],
  ]);

  it(`takes at most ${MENTION_LIMIT} users`, () => {
    const text = Array.from({ length: 80 }, (_, i) => `@user${i}`).join(' ');
    expect(extractMentions(text).usernames).toHaveLength(MENTION_LIMIT);
  });

  it('stays linear on a megabyte of hostile text', () => {
    const started = performance.now();
    extractMentions(`${'@a'.repeat(300_000)}${'`'.repeat(100_000)}${'@'.repeat(300_000)}`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
