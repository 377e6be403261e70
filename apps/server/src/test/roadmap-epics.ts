/**
 * The roadmap world's epics (seeded by roadmap-world.ts), their dates read against the roadmap
 * tests' timeframe TF (roadmap-queries.ts).
 */

/** One epic of the roadmap world: iids are unique across its groups. */
export interface EpicSeed {
  iid: number;
  group: 'rm' | 'sub' | 'other';
  title: string;
  state?: 'opened' | 'closed';
  start?: string;
  due?: string;
  /** Dates are fixed unless said otherwise. */
  startFixed?: boolean;
  dueFixed?: boolean;
  startDateFixed?: string;
  confidential?: boolean;
  parent?: number;
  labels?: string[];
  author: 'owner' | 'reporter';
  created: string;
  updated: string;
  position?: number;
}

/**
 * Timeframe 2025-01-01 … 2025-12-31. In: 1, 2 (ends inside), 3 (only an inherited start), 4 (only
 * a due date, on the first day), 8, 9, 10 (only a start, on the last day), 11, 12.
 * Out: 5 (no dates), 6 (after), 7 (before).
 */
export const ROADMAP_EPICS: EpicSeed[] = [
  {
    iid: 1,
    group: 'rm',
    title: 'Alpha',
    start: '2025-02-01',
    due: '2025-04-30',
    labels: ['bug'],
    author: 'owner',
    created: '2024-01-10',
    updated: '2024-03-05',
  },
  {
    iid: 2,
    group: 'rm',
    title: 'Bravo',
    state: 'closed',
    start: '2024-06-01',
    due: '2025-01-15',
    labels: ['ux'],
    author: 'reporter',
    created: '2024-01-09',
    updated: '2024-03-09',
  },
  // Inherited start (from milestones): the fixed date is set but not used.
  {
    iid: 3,
    group: 'rm',
    title: 'Charlie',
    start: '2025-11-01',
    startFixed: false,
    startDateFixed: '2020-01-01',
    dueFixed: false,
    author: 'owner',
    created: '2024-01-08',
    updated: '2024-03-01',
  },
  {
    iid: 4,
    group: 'rm',
    title: 'Delta',
    due: '2025-01-01',
    author: 'reporter',
    created: '2024-01-07',
    updated: '2024-03-07',
  },
  { iid: 5, group: 'rm', title: 'Echo', author: 'owner', created: '2024-01-06', updated: '2024-03-02' },
  {
    iid: 6,
    group: 'rm',
    title: 'Foxtrot',
    start: '2026-01-01',
    due: '2026-03-01',
    author: 'reporter',
    created: '2024-01-05',
    updated: '2024-03-06',
  },
  {
    iid: 7,
    group: 'rm',
    title: 'Golf',
    state: 'closed',
    start: '2024-01-01',
    due: '2024-12-31',
    author: 'owner',
    created: '2024-01-04',
    updated: '2024-03-03',
  },
  {
    iid: 8,
    group: 'rm',
    title: 'Hotel',
    start: '2025-03-01',
    due: '2025-03-31',
    confidential: true,
    labels: ['bug'],
    author: 'reporter',
    created: '2024-01-03',
    updated: '2024-03-08',
  },
  {
    iid: 9,
    group: 'sub',
    title: 'India',
    start: '2025-05-01',
    due: '2025-06-30',
    parent: 1,
    labels: ['bug', 'ux'],
    author: 'owner',
    created: '2024-01-02',
    updated: '2024-03-04',
    position: 100,
  },
  {
    iid: 10,
    group: 'sub',
    title: 'Juliet',
    start: '2025-12-31',
    dueFixed: false,
    parent: 1,
    author: 'reporter',
    created: '2024-01-01',
    updated: '2024-03-10',
    position: 50,
  },
  {
    iid: 11,
    group: 'other',
    title: 'Kilo',
    start: '2025-06-01',
    due: '2025-07-01',
    author: 'owner',
    created: '2024-01-11',
    updated: '2024-03-11',
  },
  {
    iid: 12,
    group: 'rm',
    title: 'Lima',
    start: '2025-07-01',
    due: '2025-07-31',
    confidential: true,
    parent: 1,
    author: 'owner',
    created: '2024-01-12',
    updated: '2024-03-12',
    position: 200,
  },
];
