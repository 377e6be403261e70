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
      '/users/sign_in': { target: backend, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/users/sign_up': { target: backend, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/users/sign_out': backend,
    },
  },
  // One bundle (~170 kB gzip: React, React Aria, TanStack) until feature routes are split lazily.
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
      },
    },
  },
});
