// 标签管理 /tag/list: the corp tag groups as cards with their tags and customer counts; create a group
// with tags, add tags, rename, reorder, delete (with how many customers carry it) and re-read from
// WeCom. Every edit is applied in WeCom by the server first; WeCom's refusals show in Chinese.
import { useState } from 'react';
import { Alert, Button, Flex, Skeleton, Typography, type ButtonProps } from 'antd';
import { PlusOutlined, SyncOutlined, TagsOutlined } from '@ant-design/icons';
import type { CorpTagGroup } from '@scrm/contracts/customer';
import type { TagSyncState } from '@scrm/contracts/tag';
import { formatMinute, prefetchPageQuery, runAction, toast, useCan, useStore, type PagePrefetch } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { FirstUse, LoadAlert, NoWorkSpace, useConfirmAction } from '@scrm/web-parts';
import { useAddTags } from '../../api/add-tags';
import { useDeleteTagGroup } from '../../api/delete-tag-group';
import { useDeleteTags } from '../../api/delete-tags';
import { tagGroupsQueryOptions, useTagGroups } from '../../api/list-tag-groups';
import { useSyncTags } from '../../api/sync-tags';
import { useUpdateTag } from '../../api/update-tag';
import { useUpdateTagGroup } from '../../api/update-tag-group';
import { moveUpdates } from './reorder';
import { AddTagsDialog, NewGroupDialog, RenameDialog } from './tag-forms';
import { TagGroupCard, type TagGroupActions } from './tag-group-card';
import { T } from '../../texts';

type CorpTag = CorpTagGroup['tags'][number];

/** While a tag sync runs (this page's or another operator's), the list is read again this often. */
const SYNC_POLL_MS = 2_000;

/** The tag sync's own state: its last result, or WeCom's refusal (the work space's full sync shows in its banner). */
function SyncState({ state }: { state?: TagSyncState }) {
  if (!state || state.status === 'idle') return null;
  if (state.status === 'failed') {
    return (
      <Alert
        type="warning"
        showIcon
        title={T.syncFailed(state.error ?? '')}
        description={state.syncedAt ? T.syncLastDone(formatMinute(state.syncedAt)) : undefined}
        data-testid="tag-sync-state"
        style={{ marginBottom: 12 }}
      />
    );
  }
  return (
    <Typography.Paragraph type="secondary" data-testid="tag-sync-state">
      {state.status === 'running' ? T.syncRunning : T.syncDone(formatMinute(state.syncedAt), state.groups, state.tags)}
    </Typography.Paragraph>
  );
}
type Dialog =
  | { kind: 'new' }
  | { kind: 'add'; group: CorpTagGroup }
  | { kind: 'rename-group'; group: CorpTagGroup }
  | { kind: 'rename-tag'; group: CorpTagGroup; tag: CorpTag };

/** A menu hover starts the page's query: the groups with their tags. */
export const prefetch: PagePrefetch = (client, workId) => (workId > 0 ? prefetchPageQuery(client, tagGroupsQueryOptions(workId)) : undefined);

function Tags({ workId }: { workId: number }) {
  const groups = useTagGroups(workId, { refetchInterval: (q) => (q.state.data?.sync?.status === 'running' ? SYNC_POLL_MS : false) });
  const add = useAddTags(workId);
  const updateTag = useUpdateTag(workId);
  const updateGroup = useUpdateTagGroup(workId);
  const deleteTags = useDeleteTags(workId);
  const deleteGroup = useDeleteTagGroup(workId);
  const sync = useSyncTags(workId);
  const { holder, confirm } = useConfirmAction();
  const [dialog, setDialog] = useState<Dialog>();
  const [moving, setMoving] = useState(false);
  const list = groups.data?.list ?? [];
  const tagCount = list.reduce((n, g) => n + g.tags.length, 0);
  const close = () => setDialog(undefined);
  // Every change here, 同步 included (it writes WeCom's tags into ours), needs tag.manage.
  const canManage = useCan('tag.manage');

  /** Several order updates in a row (WeCom takes one at a time), then one refresh. */
  const reorder = async (updates: Array<{ id: string; order: number }>, send: (u: { id: string; order: number }) => Promise<unknown>) => {
    if (!updates.length) return;
    setMoving(true);
    try {
      await runAction(async () => {
        for (const u of updates) await send(u);
      }, { success: T.moved, loading: T.saving });
    } catch {
      // the toast said why; the list is read again either way
    } finally {
      setMoving(false);
    }
  };

  const actions: TagGroupActions = {
    moveGroup: (groupId, dir) =>
      reorder(moveUpdates(list.map((g) => ({ id: g.groupId, order: g.order })), groupId, dir), (u) => updateGroup.mutateAsync({ groupId: u.id, order: u.order })),
    moveTag: (group, tagId, dir) => reorder(moveUpdates(group.tags, tagId, dir), (u) => updateTag.mutateAsync({ id: u.id, order: u.order })),
    renameGroup: (group) => setDialog({ kind: 'rename-group', group }),
    renameTag: (group, tag) => setDialog({ kind: 'rename-tag', group, tag }),
    addTags: (group) => setDialog({ kind: 'add', group }),
    deleteTag: (group, tag) =>
      void confirm({
        title: T.deleteTagTitle(tag.name),
        content: <span data-testid="delete-tag-content">{T.deleteTagContent(tag.customers ?? 0, group.tags.length === 1)}</span>,
        okText: T.delete,
        cancelText: T.cancel,
        okButtonProps: { 'data-testid': 'confirm-delete' } as ButtonProps,
        run: () => deleteTags.mutateAsync([tag.id]),
        success: T.deleted,
        loading: T.deleting,
      }),
    deleteGroup: (group) =>
      void confirm({
        title: T.deleteGroupTitle(group.groupName),
        content: <span data-testid="delete-group-content">{T.deleteGroupContent(group.tags.length, group.tags.reduce((n, t) => n + (t.customers ?? 0), 0))}</span>,
        okText: T.delete,
        cancelText: T.cancel,
        okButtonProps: { 'data-testid': 'confirm-delete' } as ButtonProps,
        run: () => deleteGroup.mutateAsync(group.groupId),
        success: T.deleted,
        loading: T.deleting,
      }),
  };

  const runSync = () =>
    runAction(() => sync.mutateAsync(undefined), { loading: T.syncing, success: false })
      .then((r) => toast.success(T.synced(r.groups, r.tags)))
      .catch(() => undefined);

  const busy = moving || updateTag.isPending || updateGroup.isPending;
  const syncing = sync.isPending || groups.data?.sync?.status === 'running';
  const extra = canManage ? (
    <>
      <Button icon={<SyncOutlined spin={syncing} />} disabled={syncing} onClick={runSync} data-testid="sync-tags">
        {syncing ? T.syncing : T.sync}
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'new' })} data-testid="new-group">
        {T.newGroup}
      </Button>
    </>
  ) : null;

  let body;
  if (groups.error) body = <LoadAlert error={groups.error} onRetry={() => groups.refetch()} data-testid="tags-error" />;
  else if (groups.isPending) body = <Skeleton active />;
  else if (!list.length) {
    body = (
      <FirstUse
        icon={<TagsOutlined />}
        title={canManage ? T.empty : T.emptyReadOnly}
        hint={T.emptyHint}
        action={
          canManage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'new' })}>
              {T.newGroup}
            </Button>
          ) : null
        }
        data-testid="tags-empty"
      />
    );
  } else {
    body = (
      <Flex vertical gap={12}>
        <Typography.Text type="secondary" data-testid="tags-summary">
          {T.summary(list.length, tagCount)}
          {groups.data?.countedAt ? `；${T.countedAt(formatMinute(groups.data.countedAt))}` : ''}
        </Typography.Text>
        {list.map((g, i) => (
          <TagGroupCard key={g.groupId} group={g} first={i === 0} last={i === list.length - 1} busy={busy} actions={canManage ? actions : undefined} />
        ))}
      </Flex>
    );
  }

  // A group or a tag renamed: its name, the names it must not take, and the call that saves it.
  const rename =
    dialog?.kind === 'rename-group'
      ? {
          kind: 'group' as const,
          name: dialog.group.groupName,
          siblings: list.map((g) => g.groupName),
          save: (name: string) => updateGroup.mutateAsync({ groupId: dialog.group.groupId, name }),
        }
      : dialog?.kind === 'rename-tag'
        ? {
            kind: 'tag' as const,
            name: dialog.tag.name,
            siblings: dialog.group.tags.map((t) => t.name),
            save: (name: string) => updateTag.mutateAsync({ id: dialog.tag.id, name }),
          }
        : undefined;
  return (
    <PageFrame title={T.title} extra={extra}>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      {sync.isPending ? null : <SyncState state={groups.data?.sync} />}
      {body}
      {holder}
      <NewGroupDialog
        open={dialog?.kind === 'new'}
        onClose={close}
        groupNames={list.map((g) => g.groupName)}
        onSubmit={(v) => add.mutateAsync({ groupName: v.groupName, tags: v.names.map((name) => ({ name })) }).then(() => toast.success(T.created))}
      />
      {dialog?.kind === 'add' ? (
        <AddTagsDialog
          open
          onClose={close}
          groupName={dialog.group.groupName}
          existing={dialog.group.tags.map((t) => t.name)}
          onSubmit={(v) => add.mutateAsync({ groupId: dialog.group.groupId, tags: v.names.map((name) => ({ name })) }).then(() => toast.success(T.added))}
        />
      ) : null}
      {rename ? (
        <RenameDialog
          key={rename.kind}
          open
          kind={rename.kind}
          onClose={close}
          name={rename.name}
          others={rename.siblings.filter((n) => n !== rename.name)}
          onSubmit={(v) => rename.save(v.name).then(() => toast.success(T.renamed))}
        />
      ) : null}
    </PageFrame>
  );
}

export default function TagListPage() {
  const workId = useStore('workId');
  return workId ? <Tags key={workId} workId={workId} /> : <NoWorkSpace hint={T.noWorkHint} />;
}
