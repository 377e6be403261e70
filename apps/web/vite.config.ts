import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.MERIDIAN_BACKEND ?? 'http://localhost:3000';

/** Dev server proxies every server-owned path to a running Meridian (npm start) on port 3000. */
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': backend,
      '/-/': backend,
      '^/.+/-/issues/\\d+/realtime_changes$': backend,
      '^/.+/-/(issues|merge_requests|epics)\\.csv(\\?|$)': backend,
      '^/.+/-/issues/import_csv(/preview)?$': backend,
      '^/.+/-/import_jobs/\\d+(/skipped)?(\\?|$)': backend,
      '/users/sign_in': { target: backend, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/users/sign_up': { target: backend, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/users/sign_out': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Seven hash characters (the fewest Rolldown accepts for this many chunks) instead of eight:
    // every import and the lazy routes' preload lists name these files, and hashes do not compress.
    rollupOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // Everything the entry loads statically (React, the router, TanStack Query, the app shell)
        // goes into one chunk. Left to itself Rolldown splits modules the lazy pages share with the
        // entry into small common chunks (the session, the API client, useMutation…) that every page
        // loads anyway, each one more request and its own compression overhead: 152.9 → 145.3 KB on
        // the wire for the issue page's first load (bench/first-load.ts).
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
});
