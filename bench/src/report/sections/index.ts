import type { ReportSection } from '../section';
import { filtersSection } from './filters';
import { firstLoadSection } from './first-load';
import { listsSection } from './lists';
import { memorySection } from './memory';
import { rf1Section } from './rf1';
import { roadmapSection } from './roadmap';
import { treeSection } from './tree';

/** Every section, in the order the report runs and prints them. */
export const REPORT_SECTIONS: ReportSection[] = [
  listsSection,
  rf1Section,
  filtersSection,
  treeSection,
  roadmapSection,
  firstLoadSection,
  memorySection,
];
