// The progress of a rule's retroactive run (补打): a bar with matched / done / failed, and its status.
import { Flex, Progress, Tag, Typography } from 'antd';
import { AUTO_TAG_RUN_LABEL, type AutoTagRun } from '@scrm/contracts/auto-tag';
import { formatTime } from '@scrm/web-kit';
import { AT } from '../../texts';

const COLOR = { idle: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

export function runPercent(run: AutoTagRun): number {
  if (run.status === 'done') return 100;
  return run.matched > 0 ? Math.min(99, Math.floor(((run.done + run.failed) * 100) / run.matched)) : 0;
}

export function RunStatusTag({ run }: { run: AutoTagRun }) {
  return (
    <Tag color={COLOR[run.status]} data-testid="run-status" style={{ marginInlineEnd: 0 }}>
      {AUTO_TAG_RUN_LABEL[run.status]}
    </Tag>
  );
}

/** Compact in the list; with counts and times on the detail page. */
export function RunProgress({ run, full }: { run: AutoTagRun; full?: boolean }) {
  if (run.status === 'idle') return full ? <Typography.Text type="secondary">{AT.runIdle}</Typography.Text> : <RunStatusTag run={run} />;
  const status = run.status === 'failed' ? 'exception' : run.status === 'done' ? 'success' : 'active';
  return (
    <Flex vertical gap={4} data-testid="run-progress" style={{ minWidth: full ? 360 : 120 }}>
      <Flex align="center" gap={8}>
        <RunStatusTag run={run} />
        <Progress percent={runPercent(run)} status={status} size="small" style={{ margin: 0, flex: 1 }} />
      </Flex>
      {full ? (
        <>
          <Typography.Text data-testid="run-counts">{AT.runCounts(run.matched, run.done, run.failed)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[run.startedAt ? AT.runStarted(formatTime(run.startedAt)) : '', run.finishedAt ? AT.runFinished(formatTime(run.finishedAt)) : ''].filter(Boolean).join('，')}
          </Typography.Text>
          {run.error ? <Typography.Text type="danger">{run.error}</Typography.Text> : null}
        </>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {run.status === 'done' && run.matched === 0 ? AT.runNoMatch : `${run.done + run.failed} / ${run.matched}`}
        </Typography.Text>
      )}
    </Flex>
  );
}
