import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import MiniSearch from 'minisearch';

/** One section of a docs page: the text under one heading. */
export interface DocsSection {
  id: string;
  /** The page's file name, e.g. 'API.md'. */
  page: string;
  heading: string;
  /** GitHub-style anchor of the heading. */
  anchor: string;
  text: string;
}

export interface DocsHit extends DocsSection {
  score: number;
}

export interface DocsIndex {
  search(query: string, limit: number): DocsHit[];
  size: number;
}

const HEADING = /^#{1,4} (.+)$/;
/** A section longer than this is cut into parts, so one hit is a passage rather than a whole page. */
const MAX_SECTION_CHARS = 3000;

export function headingAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .trim()
    .replace(/ /g, '-');
}

/** Splits a Markdown page into its sections (by headings down to ####), long ones into parts. */
export function splitSections(page: string, markdown: string): DocsSection[] {
  const sections: DocsSection[] = [];
  let heading = page.replace(/\.md$/, '');
  let lines: string[] = [];
  const flush = () => {
    const body = lines.join('\n').trim();
    for (let start = 0; start < body.length; start += MAX_SECTION_CHARS) {
      const text = body.slice(start, start + MAX_SECTION_CHARS);
      sections.push({ id: `${page}#${sections.length}`, page, heading, anchor: headingAnchor(heading), text });
    }
    lines = [];
  };
  for (const line of markdown.split('\n')) {
    const match = HEADING.exec(line);
    if (match?.[1]) {
      flush();
      heading = match[1].trim();
    } else {
      lines.push(line);
    }
  }
  flush();
  return sections;
}

async function buildIndex(docsDir: string): Promise<DocsIndex> {
  const pages = (await readdir(docsDir)).filter((name) => name.endsWith('.md')).sort();
  const sections = (
    await Promise.all(pages.map(async (page) => splitSections(page, await readFile(join(docsDir, page), 'utf8'))))
  ).flat();
  const index = new MiniSearch<DocsSection>({
    fields: ['heading', 'text', 'page'],
    storeFields: ['page', 'heading', 'anchor', 'text'],
    searchOptions: { boost: { heading: 3, page: 2 }, prefix: true, fuzzy: 0.1, combineWith: 'OR' },
  });
  index.addAll(sections);
  return {
    size: sections.length,
    search: (query, limit) =>
      index
        .search(query)
        .slice(0, limit)
        .map((hit) => ({
          id: String(hit.id),
          page: hit.page as string,
          heading: hit.heading as string,
          anchor: hit.anchor as string,
          text: hit.text as string,
          score: hit.score,
        })),
  };
}

const built = new Map<string, Promise<DocsIndex>>();

/** The full-text index over `docsDir/*.md`, built once per process (on first use) and kept. */
export function docsIndex(docsDir: string): Promise<DocsIndex> {
  let index = built.get(docsDir);
  if (!index) {
    index = buildIndex(docsDir);
    index.catch(() => built.delete(docsDir));
    built.set(docsDir, index);
  }
  return index;
}
