// The dialog that hands customers to another member: 在职继承 picks a member and some of their customers;
// 离职继承 comes with the chosen customers of departed members (one WeCom request per departed member).
import { useState } from 'react';
import { Alert, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import type { MemberCustomer, TransferStarted } from '@scrm/contracts/transfer';
import { toast } from '@scrm/web-kit';
import { formatTime, KeywordSearch, MemberSelect } from '@scrm/web-parts';
import { useAddTransfer } from '../../api/add-transfer';
import { useTransferMemberCustomers } from '../../api/list-transfer-member-customers';
import { TRANSFER as T } from './texts';

export interface ResignedPick {
  handoverUserid: string;
  externalUserid: string;
}

export interface AssignModalProps {
  workId: number;
  kind: 'onjob' | 'resigned';
  /** 离职继承: the customers chosen in the unassigned list. */
  picks?: ResignedPick[];
  onClose(done: boolean): void;
}

const PICK_PAGE = 10;

function report(results: TransferStarted[]) {
  const started = results.reduce((n, r) => n + r.started, 0);
  const failed = results.flatMap((r) => r.failed);
  if (started) toast.success(T.started(started));
  if (failed.length) toast.warning(T.partlyFailed(failed.length, failed[0]!.error));
}

export function AssignModal({ workId, kind, picks = [], onClose }: AssignModalProps) {
  const [handover, setHandover] = useState<string>();
  const [takeover, setTakeover] = useState<string>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');
  const add = useAddTransfer(workId);
  const customers = useTransferMemberCustomers(
    workId,
    { userid: handover ?? '', page, pageSize: PICK_PAGE, ...(keyword ? { keyword } : {}) },
    { enabled: kind === 'onjob' && Boolean(handover), placeholderData: keepPreviousData },
  );

  const submit = async () => {
    if (kind === 'onjob' && !handover) return setProblem(T.modal.handoverRequired);
    if (!takeover) return setProblem(T.modal.takeoverRequired);
    const ids = kind === 'onjob' ? chosen : picks.map((p) => p.externalUserid);
    if (!ids.length) return setProblem(T.modal.customersRequired);
    const byHandover = new Map<string, string[]>();
    if (kind === 'onjob') byHandover.set(handover!, ids);
    else for (const p of picks) byHandover.set(p.handoverUserid, [...(byHandover.get(p.handoverUserid) ?? []), p.externalUserid]);
    if (byHandover.has(takeover)) return setProblem(T.modal.sameMember);
    setProblem('');
    const results: TransferStarted[] = [];
    for (const [from, list] of byHandover) {
      results.push(await add.mutateAsync({ kind, handoverUserid: from, takeoverUserid: takeover, externalUserids: list, ...(kind === 'onjob' && message.trim() ? { message: message.trim() } : {}) }));
    }
    report(results);
    onClose(true);
  };

  return (
    <Modal
      open
      width={720}
      title={kind === 'onjob' ? T.modal.onjobTitle : T.modal.resignedTitle}
      okText={T.modal.ok}
      cancelText={T.modal.cancel}
      confirmLoading={add.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => onClose(false)}
      destroyOnHidden
      data-testid="assign-modal"
    >
      <Form layout="vertical" requiredMark={false}>
        {kind === 'onjob' ? (
          <Form.Item label={T.modal.handover} required>
            <MemberSelect
              value={handover}
              onChange={(u) => {
                setHandover(u);
                setChosen([]);
                setPage(1);
              }}
              contactOnly
              data-testid="assign-handover"
            />
          </Form.Item>
        ) : (
          <Alert type="info" showIcon message={T.modal.resignedCount(picks.length)} style={{ marginBottom: 16 }} />
        )}
        <Form.Item label={T.modal.takeover} required>
          <MemberSelect value={takeover} onChange={(u) => setTakeover(u)} contactOnly data-testid="assign-takeover" />
        </Form.Item>
        {kind === 'onjob' ? (
          <>
            <Form.Item label={`${T.modal.customers}（${T.modal.selected(chosen.length)}）`} required>
              {handover ? (
                <>
                  <KeywordSearch
                    value={keyword}
                    onSearch={(k) => {
                      setKeyword(k);
                      setPage(1);
                    }}
                    placeholder={T.modal.search}
                    width={240}
                  />
                  <Table<MemberCustomer>
                    style={{ marginTop: 8 }}
                    rowKey="externalUserid"
                    size="small"
                    dataSource={customers.data?.list}
                    loading={customers.isFetching && !customers.data}
                    rowSelection={{
                      selectedRowKeys: chosen,
                      preserveSelectedRowKeys: true,
                      onChange: (keys) => setChosen(keys as string[]),
                      getCheckboxProps: (c) => ({ disabled: c.waiting }),
                    }}
                    pagination={{ current: page, pageSize: PICK_PAGE, total: customers.data?.total ?? 0, onChange: setPage, size: 'small', showSizeChanger: false }}
                    columns={[
                      {
                        title: T.col.customer,
                        dataIndex: 'name',
                        render: (v: string, c) => (
                          <span data-testid="assign-customer">
                            {v} {c.waiting ? <Tag color="processing">{T.modal.waiting}</Tag> : null}
                          </span>
                        ),
                      },
                      { title: T.col.remark, dataIndex: 'remark', render: (v: string) => v || '—' },
                      { title: T.col.addedAt, dataIndex: 'addedAt', width: 170, render: (v: number) => formatTime(v) },
                    ]}
                    data-testid="assign-customers"
                  />
                </>
              ) : (
                <Typography.Text type="secondary">{T.modal.chooseHandoverFirst}</Typography.Text>
              )}
            </Form.Item>
            <Form.Item label={T.modal.message}>
              <Input.TextArea value={message} onChange={(e) => setMessage(e.target.value)} maxLength={200} showCount placeholder={T.modal.messagePlaceholder} rows={2} />
            </Form.Item>
          </>
        ) : null}
        {problem ? <Alert type="error" showIcon message={problem} data-testid="assign-problem" /> : null}
      </Form>
    </Modal>
  );
}
