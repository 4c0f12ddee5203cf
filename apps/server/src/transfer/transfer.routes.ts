// /api/qw/transfer/* (客户继承): 在职继承 and 离职继承 of customers, departed owners' groups, and the
// state of each transfer. Workspace-scoped (X-Work-Id), its own menu key (客户继承).
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import {
  GroupTransferBody,
  GroupTransferResult,
  MemberCustomerList,
  MemberCustomersBody,
  ResignedGroupList,
  TransferCheck,
  TransferCustomerBody,
  TransferList,
  TransferListBody,
  TransferStarted,
  UnassignedBody,
  UnassignedList,
} from '@scrm/contracts/transfer';
import { callerOf } from '../auth/auth.hook.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import type { TransferService } from './transfer.service.js';

export async function transferRoutes(app: Api, opts: { transfers: TransferService }) {
  const { transfers } = opts;
  const tags = ['客户继承'];
  const security = [{ bearer: [] }];
  const config = { permission: 'customer-transfer', workSpace: true };

  app.post(
    '/transfer/list',
    { config, schema: { tags, security, summary: '继承记录：每位客户的接替状态（接替完毕、等待接替、客户拒绝…）', body: TransferListBody, response: { 200: Ok(TransferList) } } },
    async (req) => ok(await transfers.list(workSpaceOf(req), req.body ?? {})),
  );

  app.post(
    '/transfer/customer',
    { config, schema: { tags, security, summary: '分配客户：在职继承（onjob）或离职继承（resigned），客户 24 小时内可拒绝', body: TransferCustomerBody, response: { 200: Ok(TransferStarted) } } },
    async (req) => ok(await transfers.start(workSpaceOf(req), callerOf(req), req.body)),
  );

  app.post(
    '/transfer/member-customers',
    { config, schema: { tags, security, summary: '在职继承：选择原跟进成员的客户', body: MemberCustomersBody, response: { 200: Ok(MemberCustomerList) } } },
    async (req) => ok(await transfers.memberCustomers(workSpaceOf(req), req.body)),
  );

  app.post(
    '/transfer/unassigned',
    { config, schema: { tags, security, summary: '待分配的离职成员客户（企业微信 get_unassigned_list）', body: UnassignedBody, response: { 200: Ok(UnassignedList) } } },
    async (req) => ok(await transfers.unassigned(workSpaceOf(req), req.body ?? {})),
  );

  app.post(
    '/transfer/check',
    { config, schema: { tags, security, summary: '立即向企业微信查询等待接替的客户的状态', body: Type.Optional(Type.Object({})), response: { 200: Ok(TransferCheck) } } },
    async (req) => ok(await transfers.check(workSpaceOf(req))),
  );

  app.post(
    '/transfer/group/list',
    { config, schema: { tags, security, summary: '群主已离职、待分配的客户群（企业微信 groupchat/list status 1）', body: UnassignedBody, response: { 200: Ok(ResignedGroupList) } } },
    async (req) => ok(await transfers.resignedGroups(workSpaceOf(req), req.body ?? {})),
  );

  app.post(
    '/transfer/group',
    { config, schema: { tags, security, summary: '分配离职成员的客户群给新群主', body: GroupTransferBody, response: { 200: Ok(GroupTransferResult) } } },
    async (req) => ok(await transfers.transferGroups(workSpaceOf(req), req.body)),
  );
}
