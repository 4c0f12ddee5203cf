// A rule as the server sends it, for the auto-tag pages' tests.
import type { AutoTagRule } from '@scrm/contracts/auto-tag';

export const rule = (over: Partial<AutoTagRule> = {}): AutoTagRule => ({
  id: 7,
  name: '抖音渠道客户',
  enabled: true,
  tagIds: ['t1'],
  tags: [{ id: 't1', name: '抖音', deleted: false }],
  condition: { kind: 'source', codeIds: [3] },
  conditionText: '按来源活码：抖音投放',
  tagged: 12,
  lastTaggedAt: 1_750_000_000_000,
  run: { status: 'running', matched: 200, done: 50, failed: 0, startedAt: 1_750_000_000_000, finishedAt: null, error: null },
  createdAt: 1_750_000_000_000,
  updatedAt: 1_750_000_000_000,
  ...over,
});
