import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Streams a CSV export's chunks (`lib/csv-export.ts` `csvChunks`) as a download named `filename`. The first chunk (header and first batch) is
 * read before the headers go out: a failing query still answers its status; later batches are
 * written as they are read, one held at a time.
 */
export async function sendCsv(reply: FastifyReply, filename: string, chunks: AsyncGenerator<string>) {
  const first = await chunks.next();
  async function* body(): AsyncGenerator<string> {
    if (first.done) return;
    yield first.value;
    yield* chunks;
  }
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');
  return reply.send(Readable.from(body()));
}
