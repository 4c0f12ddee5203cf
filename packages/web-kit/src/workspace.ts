// Work-space rules of spec §4, as pure functions.
import { ACCESS_TYPE_LABEL, type WorkSpaceItem } from '@scrm/contracts/workspace';

export interface WorkSpaceResolution {
  /** The id to keep in local storage and publish in the store. */
  workId: number;
  /** Why: empty list, none chosen yet, the chosen one was kept, or it was no longer listed. */
  reason: 'empty' | 'first' | 'kept' | 'reset';
}

/**
 * Empty list → 0. None chosen → the first. Chosen but no longer listed → reset to 0, then the first is
 * published, so that calls never name a work space the account lost.
 */
export function resolveWorkSpace(list: readonly Pick<WorkSpaceItem, 'id'>[], chosenId: number): WorkSpaceResolution {
  if (list.length === 0) return { workId: 0, reason: 'empty' };
  if (!chosenId) return { workId: list[0].id, reason: 'first' };
  if (list.some((item) => item.id === chosenId)) return { workId: chosenId, reason: 'kept' };
  return { workId: list[0].id, reason: 'reset' };
}

/** Switcher labels: the nickname, with the access type in brackets when another item has the same nickname. */
export function workSpaceLabel(item: WorkSpaceItem, list: readonly WorkSpaceItem[]): string {
  const twins = list.filter((other) => other.nickname === item.nickname).length > 1;
  return twins ? `${item.nickname}（${ACCESS_TYPE_LABEL[item.accessType] ?? item.accessType}）` : item.nickname;
}
