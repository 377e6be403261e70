import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { version } from '../../package.json';
import { COMMANDS } from './commands';

const BIN = fileURLToPath(new URL('../../bin/meridian.js', import.meta.url));

/** Runs the real `meridian` command (no database is opened by anything asked here). */
function meridian(...args: string[]) {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent' },
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the meridian command line', () => {
  it('prints its version with --version, -v and version', () => {
    for (const flag of ['--version', '-v', 'version']) {
      expect(meridian(flag)).toMatchObject({ status: 0, stdout: `meridian ${version}\n` });
    }
  });

  it('lists every command with --help, and shows each command’s own usage with <command> --help', () => {
    const help = meridian('--help');
    expect(help.status).toBe(0);
    for (const command of COMMANDS) expect(help.stdout).toContain(`  ${command.name} `);
    for (const command of COMMANDS) {
      const run = meridian(command.name, '--help');
      expect(run.status, `${command.name} --help: ${run.stderr}`).toBe(0);
      expect(run.stdout).toContain(`Usage: meridian ${command.name}`);
    }
    // -h is the same option for every command (one parser): once is enough, each run is a process.
    expect(meridian('migrate', '-h').stdout).toContain('Usage: meridian migrate');
    // Before the usual options too: `seed --scale large --help` still only prints the usage.
    expect(meridian('seed', '--scale', 'large', '--help').stdout).toContain('--scale large');
  });

  it('names an unknown option and points to the command’s help', () => {
    const run = meridian('seed', '--bogus');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Unknown option '--bogus'");
    expect(run.stderr).toContain('See `meridian seed --help`.');
  });

  it('refuses a role other than all on the embedded database, and an unknown role', () => {
    const web = meridian('start', '--role', 'web');
    expect(web.status).toBe(1);
    expect(web.stderr).toContain('--role web needs PostgreSQL (DATABASE_URL)');
    const bad = meridian('start', '--role', 'cook');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--role must be one of all, web, worker, got "cook"');
  });

  it('answers an unknown command with the list of commands', () => {
    const run = meridian('serve');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Unknown command "serve"');
    expect(run.stderr).toContain('create-token');
  });
});
