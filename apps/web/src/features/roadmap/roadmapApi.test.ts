import { describe, expect, it } from 'vitest';
import { documentText } from '../../graphql/request';
import { ROADMAP_DOCUMENTS } from './roadmapApi';

describe('the roadmap documents for a server without Epic.blockedByEpics', () => {
  it.each([
    ['groupEpics', 'groupEpicsWithoutBlockedBy'],
    ['epicChildren', 'epicChildrenWithoutBlockedBy'],
  ] as const)('%s loses blockedByEpics and nothing else', (full, fallback) => {
    const withField = documentText(ROADMAP_DOCUMENTS[full]);
    const without = documentText(ROADMAP_DOCUMENTS[fallback]);
    expect(withField).toContain('blockedByEpics');
    expect(without).not.toContain('blockedByEpics');
    expect(without).not.toContain('RoadmapEpicBlockedBy');
    const strip = (text: string) =>
      text
        .replace(/fragment RoadmapEpicBlockedBy on Epic \{[\s\S]*?\n\}\n?/, '')
        .replace(/\s*\.\.\.RoadmapEpicBlockedBy/, '')
        .trim();
    expect(without.trim()).toBe(strip(withField));
  });
});
