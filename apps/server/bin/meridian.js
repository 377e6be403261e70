#!/usr/bin/env node
// The `meridian` command: runs the TypeScript sources through tsx (no build step for the server).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
