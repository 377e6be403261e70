import { fileURLToPath } from 'node:url';

/**
 * The project's `docs/` folder, which the documentation bot (`/-/llm/tanuki_bot/ask`) indexes: the
 * same relative path from `src/` (sources through tsx) and from `dist/` (the compiled server).
 */
export const DOCS_DIR = fileURLToPath(new URL('../../../docs', import.meta.url));
