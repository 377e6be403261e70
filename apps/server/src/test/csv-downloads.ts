import { expect, it } from 'vitest';
import type { ApiClient } from './api-client';
import { csvObjects, parseCsv } from './csv-records';
import type { RestTestApp } from './rest-test-app';

type CsvApp = Pick<RestTestApp, 'app' | 'tok' | 'api'>;

/**
 * The checks the lists' "Export as CSV" downloads (`…/-/issues.csv`, `merge_requests.csv`, `epics.csv`)
 * share: a GET as a user by name (or anonymously), its rows, the dated attachment, and the REST list's order.
 */
export function csvDownloads(t: CsvApp) {
  const csvGet = (path: string, who?: string) =>
    t.app.inject({ method: 'GET', url: path, headers: who ? { 'private-token': t.tok[who] ?? '' } : {} });

  /** The export as objects by header, after checking it answered 200. */
  async function exportRows(path: string, who?: string) {
    const res = await csvGet(path, who);
    expect(res.statusCode, res.body).toBe(200);
    return csvObjects(res.body);
  }

  /** A CSV attachment named `<name>-<today>.csv` whose header row is `columns`. */
  async function expectDatedAttachment(path: string, who: string, name: string, columns: readonly string[]) {
    const res = await csvGet(path, who);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}-${today}.csv"`);
    expect(parseCsv(res.body)[0]).toEqual(columns);
  }

  /** The export's `column` lists the REST list's `field`, one page of 100, in the list's order; its rows. */
  async function expectListOrder(list: ListInOrder) {
    const rest = await restList(t.api, list.restPath, list.who);
    const rows = await exportRows(list.csvPath, list.who);
    expect(rows.map((r) => r[list.column])).toEqual(rest.map((item) => String(item[list.field])));
    return rows;
  }

  /** 404 for each caller (`undefined`: anonymous), as for a missing page. */
  async function expectNotFound(path: string, callers: ReadonlyArray<string | undefined>) {
    for (const who of callers) expect((await csvGet(path, who)).statusCode, `${path} as ${who}`).toBe(404);
  }

  return { csvGet, exportRows, expectDatedAttachment, expectListOrder, expectNotFound };
}

export interface ListInOrder {
  /** The REST list with its query, without `per_page`. */
  restPath: string;
  csvPath: string;
  who: string;
  /** The CSV column that names each row … */
  column: string;
  /** … and the REST item's field it holds. */
  field: string;
}

async function restList(api: ApiClient, path: string, who: string): Promise<Array<Record<string, unknown>>> {
  const res = await api('GET', `${path}${path.includes('?') ? '&' : '?'}per_page=100`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What a list's download promises, whatever it lists. */
export interface CsvDownloadContract {
  /** The download, e.g. `/acme/web/-/issues.csv`. */
  csvPath: string;
  /** The REST list it answers like, e.g. `/projects/7/issues` (read once the file's app is seeded). */
  restPath: () => string;
  /** The attachment's name before `-<today>.csv`. */
  attachmentName: string;
  columns: readonly string[];
  /** Filters and orders the export applies as the list does. */
  queries: readonly string[];
  /** The CSV column and the REST field that name an item, to compare their orders. */
  column: string;
  field: string;
  /** A download under a path that does not exist: 404 for the owner too. */
  missingPath?: string;
  /** A public download and the titles it lists to an anonymous caller. */
  publicDownload?: { path: string; titles: string[] };
  /** A filter parameter a bogus value of which is refused with a 400 naming it. */
  badFilter?: string;
}

/**
 * Registers the tests every list download shares, as the file's `owner` (an `outsider` and an
 * anonymous caller get 404); call it inside the file's `describe`.
 */
export function itAnswersAsItsList(t: CsvApp, contract: CsvDownloadContract): void {
  const { csvGet, exportRows, expectDatedAttachment, expectListOrder, expectNotFound } = csvDownloads(t);
  const { csvPath, missingPath, publicDownload, badFilter } = contract;

  it("answers its columns in GitLab's order, as a dated CSV attachment", async () => {
    await expectDatedAttachment(csvPath, 'owner', contract.attachmentName, contract.columns);
  });

  it.each(contract.queries)('lists what the REST list lists, in its order: %s', async (query) => {
    const { column, field } = contract;
    await expectListOrder({
      restPath: `${contract.restPath()}${query}`,
      csvPath: `${csvPath}${query}`,
      who: 'owner',
      column,
      field,
    });
  });

  it('is 404 for a caller who may not see the list', async () => {
    await expectNotFound(csvPath, ['outsider', undefined]);
    if (missingPath) await expectNotFound(missingPath, ['owner']);
  });

  if (publicDownload)
    it('works anonymously on a public one', async () => {
      const rows = await exportRows(publicDownload.path);
      expect(rows.map((r) => r.Title)).toEqual(publicDownload.titles);
    });

  if (badFilter)
    it('refuses a bad filter with a 400 naming it, as the list does', async () => {
      const res = await csvGet(`${csvPath}?${badFilter}=bogus`, 'owner');
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(badFilter);
    });
}
