import { describe, expect, it } from 'vitest';
import type { WorkSpaceItem } from '@scrm/contracts/workspace';
import { resolveWorkSpace, workSpaceLabel } from './workspace';

const list: WorkSpaceItem[] = [
  { id: 7, nickname: '杭州示例', accessType: 'internal' },
  { id: 9, nickname: '上海示例', accessType: 'third' },
];

describe('resolveWorkSpace (spec §4)', () => {
  it('resets to 0 when the list is empty', () => {
    expect(resolveWorkSpace([], 9)).toEqual({ workId: 0, reason: 'empty' });
    expect(resolveWorkSpace([], 0)).toEqual({ workId: 0, reason: 'empty' });
  });

  it('chooses the first when none is chosen', () => {
    expect(resolveWorkSpace(list, 0)).toEqual({ workId: 7, reason: 'first' });
  });

  it('keeps the chosen one while it is listed', () => {
    expect(resolveWorkSpace(list, 9)).toEqual({ workId: 9, reason: 'kept' });
  });

  it('resets and publishes the first when the chosen one is no longer listed', () => {
    expect(resolveWorkSpace(list, 42)).toEqual({ workId: 7, reason: 'reset' });
  });
});

describe('workSpaceLabel', () => {
  it('is the nickname, with the access type in brackets when two nicknames are equal', () => {
    const twins: WorkSpaceItem[] = [...list, { id: 10, nickname: '上海示例', accessType: 'replace' }];
    expect(workSpaceLabel(twins[0], twins)).toBe('杭州示例');
    expect(workSpaceLabel(twins[1], twins)).toBe('上海示例（第三方应用）');
    expect(workSpaceLabel(twins[2], twins)).toBe('上海示例（代开发应用）');
  });
});
