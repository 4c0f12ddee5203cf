// /api/qw/code/find: the code picker of other pages (the customer list's 来源活码 filter) — channel and
// staff codes by name only, so a child account with such a page picks codes without the code pages' keys.
import { Ok } from '@scrm/contracts/api';
import { CodeFindBody, CodeOptionList } from '@scrm/contracts/contact-way';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import type { ContactWayService } from './contact-way.service.js';

/** Pages that pick codes by name: any one of these lets a child account read the picker. */
export const CODE_PICKER_PERMISSIONS = ['customer', 'channel-qrcode', 'staff-qrcode'] as const;

export async function codePickerRoutes(app: Api, opts: { contactWays: ContactWayService }) {
  app.post(
    '/code/find',
    {
      config: { permission: CODE_PICKER_PERMISSIONS, workSpace: true },
      schema: {
        tags: ['渠道活码'],
        security: [{ bearer: [] }],
        summary: '选择活码：按名称搜索渠道活码与员工活码（仅名称，供客户筛选等使用）',
        body: CodeFindBody,
        response: { 200: Ok(CodeOptionList) },
      },
    },
    async (req) => ok(await opts.contactWays.codeOptions(workSpaceOf(req), req.body ?? {})),
  );
}
