import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: the headers and the compressor's framing would eat the gain. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli's quality: on the 769 KB roadmap window, 5 gives 43.5 KB where gzip's default gives 47.9 KB
 * and the plugin's default 4 gives 51.2 KB, all three in 4–8 ms; 6 saves 5 % more for more CPU, 11
 * (zlib's default) takes seconds (docs/BENCHMARKS.md, issue 28: `bench/transport-bench.ts`).
 */
export const BROTLI_QUALITY = 5;

/**
 * Answers up to this size are compressed in one synchronous call (brotli 5: about 1 ms for a 106 KB
 * page of 50 issues) instead of through a zlib stream, whose set-up and thread-pool hops cost the
 * list pages ~5 ms each (issue 26). The plugin's default on 2 cores is 8 KB; bigger answers (the
 * roadmap's windows) still stream so that one of them never holds the event loop for long.
 */
export const SYNC_COMPRESSION_LIMIT = 256 * 1024;

/**
 * Compresses API answers (REST and GraphQL JSON, HTML) by `Accept-Encoding`: brotli, else gzip,
 * else as they are. What is skipped: answers below the threshold, anything that already carries a
 * `Content-Encoding` (the web app's scripts and styles are sent as their build-time `.br`/`.gz`
 * copies by `web-app.ts`), `text/event-stream`, 304s and WebSocket upgrades (no body through
 * `onSend`). Request bodies are never decompressed: `bodyLimit` would count compressed bytes.
 * Registered before any route, as the plugin attaches its hook to routes as they are added.
 */
export const compression: FastifyPluginAsync = fp(async (app) => {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    syncThreshold: SYNC_COMPRESSION_LIMIT,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    globalDecompression: false,
  });
});
