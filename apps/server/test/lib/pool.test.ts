// A few calls at once over a list: results in order, never more than n running, a failure stops the rest.
import { expect, test } from 'vitest';
import { pool } from '../../src/lib/pool.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('runs at most n at once and answers in the items’ order', async () => {
  let running = 0;
  let most = 0;
  const out = await pool([30, 5, 20, 1, 10, 2], 3, async (ms, i) => {
    most = Math.max(most, ++running);
    await tick(ms);
    running--;
    return `${i}:${ms}`;
  });
  expect(out).toEqual(['0:30', '1:5', '2:20', '3:1', '4:10', '5:2']);
  expect(most).toBe(3);
});

test('a failure starts nothing more and is thrown once the running calls have settled', async () => {
  const started: number[] = [];
  const finished: number[] = [];
  await expect(
    pool([1, 2, 3, 4, 5, 6], 2, async (n) => {
      started.push(n);
      await tick(n === 2 ? 1 : 20);
      if (n === 2) throw new Error('企业微信接口调用失败');
      finished.push(n);
    }),
  ).rejects.toThrow('企业微信接口调用失败');
  // 1 was running when 2 failed: it finished; 3 and later never started.
  expect(started).toEqual([1, 2]);
  expect(finished).toEqual([1]);
});
