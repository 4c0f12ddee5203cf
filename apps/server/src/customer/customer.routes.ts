// /api/qw/customer/detail (客户详情): workspace-scoped (X-Work-Id). The acquisition pages link every
// added customer here, so a child account with any of those pages may read the record.
import { Ok } from '@scrm/contracts/api';
import { CustomerDetail, CustomerDetailBody } from '@scrm/contracts/customer';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import type { Services } from '../services.js';

export const CUSTOMER_DETAIL_PERMISSIONS = ['customer', 'channel-qrcode', 'staff-qrcode', 'customer-qrcode'] as const;

export async function customerRoutes(app: Api, opts: { services: Services }) {
  const { customers } = opts.services;

  app.post(
    '/customer/detail',
    {
      config: { permission: CUSTOMER_DETAIL_PERMISSIONS, workSpace: true },
      schema: {
        tags: ['客户'],
        security: [{ bearer: [] }],
        summary: '客户详情：资料、跟进成员（备注、描述、标签）、来源活码、所在客户群与动态',
        body: CustomerDetailBody,
        response: { 200: Ok(CustomerDetail) },
      },
    },
    async (req) => ok(await customers.detail(workSpaceOf(req), req.body.externalUserid)),
  );
}
