import { describe, expect, it } from 'vitest';
import { bytesBehind, hasReplayed, lsnOffset } from './lsn';

describe('WAL positions', () => {
  it.each([
    ['0/0', 0n],
    ['0/16B3748', 0x16b3748n],
    ['1/0', 1n << 32n],
    ['A/FFFFFFFF', (10n << 32n) + 0xffffffffn],
    ['ffffffff/ffffffff', (1n << 64n) - 1n],
  ])('%s is byte %s', (lsn, offset) => {
    expect(lsnOffset(lsn)).toBe(offset);
  });

  it.each(['', '0', '0/', '/0', '0/0/0', 'G/0', '123456789/0', ' 0/0', '0/0\n'])('refuses %j', (text) => {
    expect(() => lsnOffset(text)).toThrow('Not a WAL position');
  });

  it.each([
    ['0/10', '0/10', true],
    ['0/11', '0/10', true],
    ['0/F', '0/10', false],
    ['1/0', '0/FFFFFFFF', true],
    ['0/FFFFFFFF', '1/0', false],
  ])('replayed %s covers written %s: %s', (replayed, written, covers) => {
    expect(hasReplayed(replayed, written)).toBe(covers);
  });

  it.each([
    ['0/100', '0/0', 256n],
    ['1/0', '0/FFFFFFFF', 1n],
    ['0/0', '0/100', 0n],
  ])('%s is %s bytes ahead of %s', (current, replayed, gap) => {
    expect(bytesBehind(current, replayed)).toBe(gap);
  });
});
