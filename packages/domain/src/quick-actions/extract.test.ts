import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { extractQuickActions, MAX_QUICK_ACTIONS } from './extract';

const names = (text: string) => {
  const { commands, text: rest } = extractQuickActions(text);
  return { commands: commands.map((c) => `${c.name}|${c.args}`), text: rest };
};

describe('extractQuickActions', () => {
  expectCases(names, [
    ['/label ~bug', { commands: ['label|~bug'], text: '' }],
    ['Hello\n/label ~bug ~"in progress"\nbye', { commands: ['label|~bug ~"in progress"'], text: 'Hello\nbye' }],
    ['/close\n/assign @bob', { commands: ['close|', 'assign|@bob'], text: '' }],
    ['/LABELS ~x', { commands: ['label|~x'], text: '' }],
    ['/spent 1h', { commands: ['spend|1h'], text: '' }],
    ['/remove_label ~x', { commands: ['unlabel|~x'], text: '' }],
    // not a command: unknown name, not at the line start, glued argument, inside code or quotes
    ['/unknown thing', { commands: [], text: '/unknown thing' }],
    [' /close', { commands: [], text: ' /close' }],
    ['see /close', { commands: [], text: 'see /close' }],
    ['/close~bug', { commands: [], text: '/close~bug' }],
    ['/closed', { commands: [], text: '/closed' }],
    ['```\n/close\n```', { commands: [], text: '```\n/close\n```' }],
    ['~~~~\n/close\n~~~\n/x\n~~~~\n/close', { commands: ['close|'], text: '~~~~\n/close\n~~~\n/x\n~~~~' }],
    ['> /close', { commands: [], text: '> /close' }],
    ['>>>\n/close\n>>>\n/reopen', { commands: ['reopen|'], text: '>>>\n/close\n>>>' }],
    ['a\r\n/close\r\nb', { commands: ['close|'], text: 'a\nb' }],
    ['No commands here', { commands: [], text: 'No commands here' }],
    ['\n\n/close\n\ntext\n\n/lock\n', { commands: ['close|', 'lock|'], text: 'text' }],
  ]);

  it(`keeps command lines beyond ${MAX_QUICK_ACTIONS} as text`, () => {
    const text = Array.from({ length: MAX_QUICK_ACTIONS + 2 }, () => '/close').join('\n');
    const result = extractQuickActions(text);
    expect(result.commands).toHaveLength(MAX_QUICK_ACTIONS);
    expect(result.text).toBe('/close\n/close');
  });

  it('keeps commands the target does not know as text', () => {
    const epicOnly = extractQuickActions('/close\n/weight 3', (name) => name === 'close');
    expect(epicOnly).toEqual({ commands: [{ name: 'close', alias: 'close', args: '' }], text: '/weight 3' });
  });

  it('leaves a command line with over-long arguments as text', () => {
    const line = `/label ${'x'.repeat(1_001)}`;
    expect(extractQuickActions(line).commands).toEqual([]);
  });

  it('is linear on a 1 MB hostile text', () => {
    const hostile = [
      '/'.repeat(1_000_000),
      `/label ${'~"'.repeat(400_000)}`,
      `${'```\n/close\n'.repeat(90_000)}`,
      `${'/close\n'.repeat(140_000)}`,
    ];
    // A quadratic scan of 1 MB would take minutes; a linear one takes milliseconds (generous under load).
    const started = performance.now();
    for (const text of hostile) extractQuickActions(text.slice(0, 1_048_576));
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
