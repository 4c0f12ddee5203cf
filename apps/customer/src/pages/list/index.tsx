// 客户列表 (/customer/list): one row per customer with the members who follow them and their tags,
// filtered by member, tags (any / all / none), code, add time, gender, add way, status and a word;
// batch tags on a selection or on the whole result; export of the result to Excel.
import { useState } from 'react';
import { Alert, Avatar, Button, Col, DatePicker, Empty, Flex, Row, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, ManOutlined, TagsOutlined, WomanOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { dayKey } from '@scrm/contracts/china-time';
import {
  ADD_WAY_LABEL,
  CUSTOMER_MAX_OFFSET,
  CUSTOMER_PAGE_SIZE,
  CUSTOMER_TYPE_LABEL,
  FOLLOW_STATUS_LABEL,
  GENDER_LABEL,
  TAG_MODE_LABEL,
  type CustomerListRow,
  type FollowStatus,
  type TagMode,
} from '@scrm/contracts/customer';
import { prefetchPageQuery, useCan, useStore, type PagePrefetch } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { CodeSelect, KeywordSearch, MemberSelect, NoMatch, NoWorkSpace, TagSelect, customerDetailPath, formatTime, saveBlob, useUrlFilters } from '@scrm/web-parts';
import { useCustomerCount } from '../../api/count-customers';
import { useExportCustomers } from '../../api/export-customers';
import { customersQueryOptions, useCustomers } from '../../api/list-customers';
import { LIST as T } from '../../texts';
import { BatchTagModal, type BatchTarget } from './batch-modal';
import { URL_FIELDS, filterOf, splitList, type UrlValues } from './filters';

const STATUS_COLOR: Record<FollowStatus, string> = { live: 'green', deleted_by_member: 'red', deleted_by_customer: 'orange' };
/** A filter's cell in the grid: 4 a row from 1200 px wide, 3 from 992, 2 from 576. */
const CELL = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;

function CustomerCell({ c }: { c: CustomerListRow }) {
  return (
    <Flex gap={8} align="center">
      <Avatar src={c.avatar || undefined}>{c.name.slice(0, 1)}</Avatar>
      <Flex vertical>
        <Space size={4}>
          <Link to={customerDetailPath(c.externalUserid)} data-testid="customer-name">
            {c.name || c.externalUserid}
          </Link>
          {c.gender === 1 ? <ManOutlined style={{ color: '#1677ff' }} /> : c.gender === 2 ? <WomanOutlined style={{ color: '#eb2f96' }} /> : null}
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <span style={{ color: c.type === 2 ? '#fa8c16' : '#52c41a' }}>{CUSTOMER_TYPE_LABEL[c.type] ?? ''}</span>
          {c.corpName ? ` ${T.corp(c.corpName)}` : ''}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

/** The list as the menu opens it: no filter in the URL, the newest first. */
const NO_FILTER = Object.fromEntries(Object.keys(URL_FIELDS).map((key) => [key, ''])) as UrlValues;

/** A menu hover starts the page's query: the first page of the list as the menu opens it. */
export const prefetch: PagePrefetch = (client, workId) =>
  workId > 0 ? prefetchPageQuery(client, customersQueryOptions(workId, { ...filterOf(NO_FILTER), page: 1, order: 'desc' })) : undefined;

export default function CustomerListPage() {
  const workId = useStore('workId');
  const [url, set] = useUrlFilters(URL_FIELDS, 20);
  const filter = filterOf(url);
  const order = url.order === 'asc' ? 'asc' : 'desc';
  const q = useCustomers(workId, { ...filter, page: url.page, order });
  const exporter = useExportCustomers();
  const [selected, setSelected] = useState<string[]>([]);
  const [allSelected, setAllSelected] = useState(false);
  // Batch tagging needs customer.manage; a view-only child gets no selection and no batch buttons.
  const canManage = useCan('customer.manage');
  const [batch, setBatch] = useState<BatchTarget | null>(null);

  // Beyond the count the list makes while answering, the exact total is counted in the background:
  // asked for again until it is there, meanwhile the last count (约 N) or the floor (超过 N).
  const counted = useCustomerCount(workId, filter, q.data?.counting === true);
  const t = counted.data && !counted.data.counting && q.data?.counting ? counted.data : q.data;
  const total = t?.total ?? 0;
  const exact = t?.totalExact ?? true;
  const countKind = exact ? 'exact' : t?.countedAt ? 'about' : 'over';
  const countLabel = T.count(total, countKind);
  const countedAt = t?.countedAt ? formatTime(t.countedAt) : '';
  const totalHint = countKind === 'about' ? T.totalAboutHint(countedAt) : countKind === 'over' ? T.totalOverHint : countedAt ? T.countedHint : undefined;
  const change = (patch: Partial<typeof url>) => {
    setSelected([]);
    setAllSelected(false);
    set(patch);
  };
  const filtered = Object.keys(filter).length > 0;

  const columns: ColumnsType<CustomerListRow> = [
    { title: T.columns.customer, key: 'customer', width: 240, render: (_, c) => <CustomerCell c={c} /> },
    {
      title: T.columns.follows,
      key: 'follows',
      render: (_, c) => (
        <Flex vertical gap={6}>
          {c.follows.map((f) => (
            <Flex key={f.userid} gap={8} wrap align="center" data-testid="row-follow">
              <Typography.Text strong>{f.memberName}</Typography.Text>
              {f.remark ? <Typography.Text type="secondary">{T.remarkOf(f.remark)}</Typography.Text> : null}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatTime(f.createdAt)} · {ADD_WAY_LABEL[f.addWay] ?? ADD_WAY_LABEL[0]}
              </Typography.Text>
              {f.status !== 'live' ? <Tag color={STATUS_COLOR[f.status]}>{FOLLOW_STATUS_LABEL[f.status]}</Tag> : null}
              <span data-testid="row-tags">
                {f.tags.map((t) => (
                  <Tooltip key={t.id} title={t.groupName}>
                    <Tag color="blue" style={{ marginInlineEnd: 4 }}>
                      {t.name}
                    </Tag>
                  </Tooltip>
                ))}
              </span>
            </Flex>
          ))}
        </Flex>
      ),
    },
    { title: T.columns.addedAt, dataIndex: 'addedAt', width: 170, render: (t: number) => formatTime(t) },
  ];

  const doExport = async () => {
    const blob = await exporter.mutateAsync(filter);
    saveBlob(blob, T.exportFile(dayKey(Date.now()).replaceAll('-', '')));
  };
  const openBatch = (mode: 'add' | 'remove') =>
    setBatch({ mode, filter, externalUserids: allSelected ? null : selected, allLabel: countLabel });

  const clearFilters = () => change(Object.fromEntries(Object.keys(URL_FIELDS).map((k) => [k, ''])) as Partial<typeof url>);

  if (!workId) return <NoWorkSpace hint={T.noWorkHint} />;

  return (
    <PageFrame
      extra={
        <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={doExport} data-testid="export">
          {exporter.isPending ? T.exporting : T.export}
        </Button>
      }
    >
      {/* One grid of equal cells (4 a row from 1200 px, 3, 2, then 1), so no control wraps alone at 1366 × 768. */}
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }} data-testid="customer-filters">
        <Col {...CELL}>
          <KeywordSearch value={url.keyword} onSearch={(keyword) => change({ keyword })} placeholder={T.keyword} width="100%" data-testid="filter-keyword" />
        </Col>
        <Col {...CELL}>
          <MemberSelect
            mode="multiple"
            contactOnly={false}
            placeholder={T.members}
            value={splitList(url.userids)}
            onChange={(ids) => change({ userids: ids.join(',') })}
            maxCount={50}
            style={{ width: '100%' }}
            data-testid="filter-members"
          />
        </Col>
        <Col {...CELL}>
          <Space.Compact style={{ width: '100%' }}>
            <Select
              value={(url.tagMode || 'any') as TagMode}
              onChange={(tagMode) => change({ tagMode })}
              options={(Object.keys(TAG_MODE_LABEL) as TagMode[]).map((m) => ({ value: m, label: TAG_MODE_LABEL[m] }))}
              style={{ width: 104, flex: 'none' }}
              aria-label={T.tagMode}
              data-testid="filter-tag-mode"
            />
            <TagSelect value={splitList(url.tagIds)} onChange={(ids) => change({ tagIds: ids.join(',') })} placeholder={T.tags} style={{ flex: 1, minWidth: 0 }} data-testid="filter-tags" />
          </Space.Compact>
        </Col>
        <Col {...CELL}>
          <CodeSelect value={splitList(url.codes).map(Number)} onChange={(ids) => change({ codes: ids.join(',') })} placeholder={T.codes} data-testid="filter-codes" />
        </Col>
        <Col {...CELL}>
          <DatePicker.RangePicker
            allowClear
            placeholder={[T.addedAt, T.addedAt]}
            value={url.from && url.to ? [dayjs(url.from), dayjs(url.to)] : null}
            onChange={(v) => change({ from: v?.[0]?.format('YYYY-MM-DD') ?? '', to: v?.[1]?.format('YYYY-MM-DD') ?? '' })}
            style={{ width: '100%' }}
            data-testid="filter-added"
          />
        </Col>
        <Col {...CELL}>
          <Space.Compact style={{ width: '100%' }}>
            <Select
              allowClear
              placeholder={T.gender}
              style={{ width: '40%' }}
              value={url.gender === '' ? undefined : Number(url.gender)}
              onChange={(g?: number) => change({ gender: g === undefined ? '' : String(g) })}
              options={Object.entries(GENDER_LABEL).map(([v, label]) => ({ value: Number(v), label }))}
              data-testid="filter-gender"
            />
            <Select
              allowClear
              placeholder={T.status}
              style={{ width: '60%' }}
              value={(url.status || undefined) as FollowStatus | undefined}
              onChange={(s?: FollowStatus) => change({ status: s ?? '' })}
              options={(Object.keys(FOLLOW_STATUS_LABEL) as FollowStatus[]).map((s) => ({ value: s, label: FOLLOW_STATUS_LABEL[s] }))}
              data-testid="filter-status"
            />
          </Space.Compact>
        </Col>
        <Col {...CELL}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={T.addWay}
            style={{ width: '100%' }}
            value={url.addWay === '' ? undefined : Number(url.addWay)}
            onChange={(w?: number) => change({ addWay: w === undefined ? '' : String(w) })}
            options={Object.entries(ADD_WAY_LABEL).map(([v, label]) => ({ value: Number(v), label }))}
            data-testid="filter-add-way"
          />
        </Col>
        <Col {...CELL}>
          <Flex gap={8} align="center">
            <Select
              style={{ flex: 1, minWidth: 0 }}
              value={order}
              onChange={(o) => change({ order: o === 'desc' ? '' : o })}
              options={[
                { value: 'desc', label: T.order.desc },
                { value: 'asc', label: T.order.asc },
              ]}
              data-testid="filter-order"
            />
            {filtered ? (
              <Button type="link" style={{ paddingInline: 4 }} onClick={clearFilters}>
                {T.reset}
              </Button>
            ) : null}
          </Flex>
        </Col>
      </Row>

      <div>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Space wrap>
            <Tooltip title={totalHint}>
              <Typography.Text data-testid="customer-total" data-exact={exact}>
                {T.total(countLabel, exact)}
                {t?.counting ? <Typography.Text type="secondary">{` · ${T.counting}`}</Typography.Text> : countedAt ? <Typography.Text type="secondary">{` · ${T.countedAt(countedAt)}`}</Typography.Text> : null}
              </Typography.Text>
            </Tooltip>
            {selected.length || allSelected ? (
              <>
                <Typography.Text type="secondary" data-testid="selection">
                  {allSelected ? T.allSelected(countLabel) : T.selected(selected.length)}
                </Typography.Text>
                {!allSelected && total > selected.length ? (
                  <Button type="link" size="small" onClick={() => setAllSelected(true)} data-testid="select-all">
                    {T.selectAll(countLabel)}
                  </Button>
                ) : null}
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setSelected([]);
                    setAllSelected(false);
                  }}
                >
                  {T.clearSelection}
                </Button>
              </>
            ) : null}
          </Space>
          {canManage ? (
            <Space>
              <Button icon={<TagsOutlined />} disabled={!selected.length && !allSelected} onClick={() => openBatch('add')} data-testid="batch-add">
                {T.addTags}
              </Button>
              <Button disabled={!selected.length && !allSelected} onClick={() => openBatch('remove')} data-testid="batch-remove">
                {T.removeTags}
              </Button>
            </Space>
          ) : null}
        </Flex>
        {q.isError ? (
          <Alert type="error" showIcon message={T.loadFailed} description={q.error.message} action={<Button onClick={() => q.refetch()}>{T.retry}</Button>} />
        ) : (
          <Table
            rowKey="externalUserid"
            loading={q.isFetching}
            columns={columns}
            dataSource={q.data?.list ?? []}
            locale={{ emptyText: filtered ? <NoMatch text={T.empty} onClear={clearFilters} data-testid="no-match" /> : <Empty description={T.firstUse} /> }}
            rowSelection={canManage ? {
              selectedRowKeys: allSelected ? (q.data?.list ?? []).map((c) => c.externalUserid) : selected,
              onChange: (keys) => {
                setAllSelected(false);
                setSelected(keys.map(String));
              },
              preserveSelectedRowKeys: true,
            } : undefined}
            pagination={{
              current: url.page,
              pageSize: CUSTOMER_PAGE_SIZE,
              total: Math.min(total, CUSTOMER_MAX_OFFSET + CUSTOMER_PAGE_SIZE),
              showSizeChanger: false,
              onChange: (page) => set({ page }),
            }}
            data-testid="customer-table"
          />
        )}
      </div>
      {batch ? (
        <BatchTagModal
          workId={workId}
          target={batch}
          onClose={() => {
            setBatch(null);
            setSelected([]);
            setAllSelected(false);
          }}
        />
      ) : null}
    </PageFrame>
  );
}
