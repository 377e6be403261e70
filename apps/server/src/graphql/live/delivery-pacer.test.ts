import { describe, expect, it } from 'vitest';
import { DeliveryPacer } from './delivery-pacer';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('DeliveryPacer', () => {
  it('lets `perTurn` deliveries through per turn of the event loop, in order, and then starts afresh', async () => {
    const pacer = new DeliveryPacer(20);
    const through: number[] = [];
    const all = Array.from({ length: 45 }, (_, i) => pacer.turn().then(() => through.push(i)));
    await Promise.resolve();
    expect(through).toHaveLength(20);
    await nextTurn();
    expect(through).toHaveLength(40);
    await nextTurn();
    expect(through).toEqual(Array.from({ length: 45 }, (_, i) => i));
    await Promise.all(all);
    await nextTurn();
    const fresh: number[] = [];
    await Promise.all(Array.from({ length: 20 }, (_, i) => pacer.turn().then(() => fresh.push(i))));
    expect(fresh).toHaveLength(20);
  });
});
