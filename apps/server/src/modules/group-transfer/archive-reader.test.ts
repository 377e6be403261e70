import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { archiveOf, type Entry, entries, GROUP, USER } from '../../test/group-archive-builder';
import { kindFile, MANIFEST_FILE } from './archive-format';
import { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS, openGroupArchive } from './archive-reader';

const dir = mkdtempSync(join(tmpdir(), 'meridian-archive-reader-'));
let n = 0;

async function readAll(path: string, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS) {
  const archive = await openGroupArchive(path, limits);
  const items = [];
  for await (const item of archive.records()) items.push(item);
  return { manifest: archive.manifest, items };
}

describe('openGroupArchive', () => {
  it('reads a valid archive: the manifest, then typed records kind by kind', async () => {
    const { manifest, items } = await readAll(await archiveOf(entries()));
    expect(manifest.group_full_path).toBe('acme');
    expect(items).toEqual([
      { kind: 'users', record: USER },
      { kind: 'groups', record: GROUP },
    ]);
  });

  const refusals: Array<[string, () => Entry[] | Promise<Entry[]>, RegExp]> = [
    [
      'a path-traversal entry in place of a file',
      () => entries().map((e) => (e.name === kindFile('labels') ? { ...e, name: '../../etc/passwd' } : e)),
      /unexpected entry "\.\.\/\.\.\/etc\/passwd" where tree\/labels\.ndjson should be/,
    ],
    [
      'an absolute path added at the end',
      () => [...entries(), { name: '/etc/cron.d/x', body: 'x' }],
      /unexpected entry "\/etc\/cron\.d\/x" after the last file/,
    ],
    [
      'a symlink where a file should be',
      () =>
        entries().map((e) =>
          e.name === kindFile('issues') ? { name: e.name, type: 'symlink' as const, linkname: '/etc/passwd' } : e,
        ),
      /tree\/issues\.ndjson is not a regular file/,
    ],
    [
      'files out of order',
      () => {
        const e = entries();
        return [e[0]!, e[2]!, e[1]!, ...e.slice(3)];
      },
      /where tree\/users\.ndjson should be/,
    ],
    ['a missing file', () => entries().slice(0, -1), /ends before tree\/award_emoji\.ndjson/],
    ['no manifest', () => entries().slice(1), /where manifest\.json should be/],
    [
      'a manifest that is not JSON',
      () => [{ name: MANIFEST_FILE, body: '{' }, ...entries().slice(1)],
      /manifest\.json is not JSON/,
    ],
    ['a newer format', () => entries({}, { format_version: 99 }), /format version 99 is newer/],
    ['a manifest without a group', () => entries({}, { group_full_path: '' }), /manifest\.json: group_full_path/],
    [
      'a file whose bytes do not match the checksum',
      () =>
        entries().map((e) =>
          e.name === kindFile('users') ? { ...e, body: `${JSON.stringify({ ...USER, name: 'Eve' })}\n` } : e,
        ),
      /tree\/users\.ndjson does not match its SHA-256/,
    ],
    [
      'a file of another size than the manifest says',
      () => entries().map((e) => (e.name === kindFile('users') ? { ...e, body: `${JSON.stringify(USER)}\n\n` } : e)),
      /tree\/users\.ndjson is \d+ bytes, the manifest says/,
    ],
    ['a line that is not JSON', () => entries({ labels: ['{"title":'] }), /tree\/labels\.ndjson line 1 is not JSON/],
    [
      'a record over a string cap',
      () => entries({ users: [JSON.stringify({ ...USER, name: 'x'.repeat(256) })] }),
      /tree\/users\.ndjson line 1: name: Too big/,
    ],
    [
      'a record missing a field',
      () => entries({ groups: [JSON.stringify({ ...GROUP, full_path: undefined })] }),
      /tree\/groups\.ndjson line 1: full_path/,
    ],
  ];

  it.each(refusals)('refuses %s', async (_what, build, message) => {
    await expect(readAll(await archiveOf(await build()))).rejects.toThrow(message);
  });

  it('refuses a line longer than the limit without holding it', async () => {
    const long = JSON.stringify({ ...USER, name: 'y'.repeat(200_000) });
    const path = await archiveOf(entries({ users: [long] }));
    await expect(readAll(path, { ...DEFAULT_ARCHIVE_LIMITS, maxLineBytes: 64 * 1024 })).rejects.toThrow(
      /tree\/users\.ndjson: a line is longer than 65536 bytes/,
    );
  });

  it('stops a gzip bomb at the decompressed-size limit', async () => {
    // 64 MiB of valid lines inside one entry compress to well under 1 MiB; the limit is 8 MiB.
    const bombBytes = 64 * 1024 ** 2;
    const list = entries();
    const path = join(dir, `bomb${n++}.tar.gz`);
    const pack = tar.pack();
    const done = pipeline(pack, createGzip(), createWriteStream(path));
    const manifest = JSON.parse(list[0]!.body as string);
    manifest.files.users = { ...manifest.files.users, bytes: bombBytes, count: 1e9 }; // the manifest may lie as well
    pack.entry({ name: MANIFEST_FILE }, JSON.stringify(manifest));
    const big = pack.entry({ name: kindFile('users'), size: bombBytes });
    const line = `${JSON.stringify(USER)}\n`;
    const chunk = Buffer.from(line.repeat(Math.floor((1024 * 1024) / line.length)).padEnd(1024 * 1024, ' '));
    for (let i = 0; i < 63; i++) if (!big.write(chunk)) await new Promise<void>((r) => big.once('drain', () => r()));
    big.end(chunk);
    pack.finalize();
    await done;
    const started = process.memoryUsage().rss;
    await expect(readAll(path, { ...DEFAULT_ARCHIVE_LIMITS, maxUncompressedBytes: 8 * 1024 ** 2 })).rejects.toThrow(
      /decompresses to more than 8388608 bytes/,
    );
    expect(process.memoryUsage().rss - started).toBeLessThan(200 * 1024 ** 2);
  });

  it('refuses a file that is not gzip, and one that is gzip but not tar', async () => {
    const notGzip = join(dir, 'plain.tar.gz');
    writeFileSync(notGzip, 'hello');
    await expect(readAll(notGzip)).rejects.toThrow(/not valid gzip/);
    const notTar = join(dir, 'gzip-only.tar.gz');
    writeFileSync(notTar, gzipSync(Buffer.from('not a tar archive at all'.repeat(40))));
    await expect(readAll(notTar)).rejects.toThrow(/not a valid tar\.gz|has no manifest/);
  });
});
