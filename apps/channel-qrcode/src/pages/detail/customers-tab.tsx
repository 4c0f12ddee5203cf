// 客户明细: the customers added through the code, newest first, paged on the server, by member.
import { useState } from 'react';
import { Flex, Select } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import type { CodeMember } from '@scrm/contracts/contact-way';
import { CodeAdds } from '@scrm/web-parts';
import { useCodeAdds } from '../../api/list-code-adds';
import { REFRESH_MS } from '../../refresh';
import { T } from '../../texts';

export function CustomersTab({ id, workId, members }: { id: number; workId: number; members: readonly CodeMember[] }) {
  const [userid, setUserid] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const body = { id, page, pageSize, ...(userid ? { userid } : {}) };
  const adds = useCodeAdds(workId, body, { placeholderData: keepPreviousData, refetchInterval: REFRESH_MS });
  return (
    <Flex vertical gap={12} data-testid="customers-tab">
      <Select<string>
        allowClear
        value={userid}
        placeholder={T.customersMember}
        onChange={(v) => {
          setUserid(v);
          setPage(1);
        }}
        options={members.map((m) => ({ value: m.userid, label: m.name }))}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 200 }}
        data-testid="customers-member"
      />
      <CodeAdds
        query={adds}
        page={page}
        pageSize={pageSize}
        onPageChange={(p, s) => {
          setPage(p);
          setPageSize(s);
        }}
      />
    </Flex>
  );
}
