// /api/account/child/*: 子账号 and 功能角色, the main account's alone (mainOnly); thin over their services.
import { Type } from 'typebox';
import {
  ChildAccount,
  ChildCreateBody,
  ChildList,
  ChildListBody,
  ChildPasswordBody,
  ChildRole,
  ChildUpdateBody,
  RoleCreateBody,
  RoleList,
  RoleListBody,
  RoleTemplateList,
  RoleUpdateBody,
} from '@scrm/contracts/child';
import { IdBody } from '@scrm/contracts/account';
import { Ok } from '@scrm/contracts/api';
import { callerOf } from '../../auth/auth.hook.js';
import { ok } from '../../http/envelope.js';
import type { Api } from '../../http/types.js';
import type { RoleService } from '../role/role.service.js';
import type { ChildAccountService } from './child.service.js';

export interface ChildRoutesOptions {
  children: ChildAccountService;
  roles: RoleService;
}

const tags = ['子账号'];
const roleTags = ['功能角色'];
const security = [{ bearer: [] }];
const NullData = Type.Null();
const config = { mainOnly: true, workSpace: false };

export async function childRoutes(app: Api, { children, roles }: ChildRoutesOptions) {
  app.post(
    '/child/create',
    { config, schema: { tags, security, summary: '新建子账号（角色与可见企业）', body: ChildCreateBody, response: { 200: Ok(ChildAccount) } } },
    async (req) => ok(await children.create(callerOf(req), req.body)),
  );

  app.post(
    '/child/list',
    { config, schema: { tags, security, summary: '子账号列表（按账号、昵称、手机号或角色筛选）', body: ChildListBody, response: { 200: Ok(ChildList) } } },
    async (req) => ok(await children.list(callerOf(req), req.body)),
  );

  app.post(
    '/child/info',
    { config, schema: { tags, security, summary: '子账号详情', body: IdBody, response: { 200: Ok(ChildAccount) } } },
    async (req) => ok(await children.info(callerOf(req), req.body.id)),
  );

  app.post(
    '/child/update',
    {
      config,
      schema: {
        tags,
        security,
        summary: '修改子账号（资料、角色、可见企业、停用或启用）',
        description: '只改传了的字段；disabled 为 true 时该子账号的登录会话随即失效。',
        body: ChildUpdateBody,
        response: { 200: Ok(ChildAccount) },
      },
    },
    async (req) => ok(await children.update(callerOf(req), req.body)),
  );

  app.post(
    '/child/update/password',
    { config, schema: { tags, security, summary: '重置子账号密码（其登录会话随之失效）', body: ChildPasswordBody, response: { 200: Ok(NullData) } } },
    async (req) => {
      await children.resetPassword(callerOf(req), req.body);
      return ok(null);
    },
  );

  app.post(
    '/child/delete',
    { config, schema: { tags, security, summary: '删除子账号（其登录会话随之失效）', body: IdBody, response: { 200: Ok(NullData) } } },
    async (req) => {
      await children.delete(callerOf(req), req.body.id);
      return ok(null);
    },
  );

  app.post(
    '/child/permission/template/list',
    { config, schema: { tags: roleTags, security, summary: '预设角色模板（运营、客服、只读）', response: { 200: Ok(RoleTemplateList) } } },
    async () => ok(roles.templates()),
  );

  app.post(
    '/child/permission/list',
    { config, schema: { tags: roleTags, security, summary: '功能角色列表', body: RoleListBody, response: { 200: Ok(RoleList) } } },
    async (req) => ok(await roles.list(callerOf(req), req.body)),
  );

  app.post(
    '/child/permission/info',
    { config, schema: { tags: roleTags, security, summary: '功能角色详情', body: IdBody, response: { 200: Ok(ChildRole) } } },
    async (req) => ok(await roles.info(callerOf(req), req.body.id)),
  );

  app.post(
    '/child/permission/create',
    { config, schema: { tags: roleTags, security, summary: '新建功能角色', body: RoleCreateBody, response: { 200: Ok(ChildRole) } } },
    async (req) => ok(await roles.create(callerOf(req), req.body)),
  );

  app.post(
    '/child/permission/update',
    {
      config,
      schema: {
        tags: roleTags,
        security,
        summary: '修改功能角色',
        description: '持有该角色的子账号在下一次请求时即按新的权限。',
        body: RoleUpdateBody,
        response: { 200: Ok(ChildRole) },
      },
    },
    async (req) => ok(await roles.update(callerOf(req), req.body)),
  );

  app.post(
    '/child/permission/delete',
    { config, schema: { tags: roleTags, security, summary: '删除功能角色（仍有子账号使用时不可删除）', body: IdBody, response: { 200: Ok(NullData) } } },
    async (req) => {
      await roles.delete(callerOf(req), req.body.id);
      return ok(null);
    },
  );
}
