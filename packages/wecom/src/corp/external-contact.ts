// CorpApi part — Customers (external contacts), their relations to members, and member behaviour data.
import { allPages, CorpCalls, merged } from '../calls';
import type { WecomResponse } from '../wire/common';
import type {
  FollowUserListResponse,
  ExternalContactListResponse,
  ExternalContactGetResponse,
  BatchGetByUserResponse,
  RemarkRequest,
  GetUserBehaviorDataRequest,
  GetUserBehaviorDataResponse,
} from '../wire/external-contact';

export abstract class ExternalContactCalls extends CorpCalls {
  followUserList(): Promise<FollowUserListResponse> {
    return this.get('externalcontact/get_follow_user_list');
  }

  externalContactList(userid: string): Promise<ExternalContactListResponse> {
    return this.get('externalcontact/list', { userid });
  }

  /** ∞ A customer with every follow_user (WeCom pages them past 500). */
  async externalContactGet(externalUserid: string): Promise<ExternalContactGetResponse> {
    const path = 'externalcontact/get';
    const pages = await allPages(path, (cursor) =>
      this.get<ExternalContactGetResponse>(path, { external_userid: externalUserid, cursor: cursor || undefined }),
    );
    return { ...merged(pages, 'follow_user'), external_contact: pages[0].external_contact };
  }

  /** ∞ Every customer relation of these members: ≤100 userids per request, 100 per page, every page. */
  async batchGetByUser(userids: string[]): Promise<BatchGetByUserResponse> {
    const path = 'externalcontact/batch/get_by_user';
    const list: BatchGetByUserResponse['external_contact_list'] = [];
    const unlicensed: string[] = [];
    let last: BatchGetByUserResponse | undefined;
    for (let i = 0; i < userids.length; i += 100) {
      const chunk = userids.slice(i, i + 100);
      const pages = await allPages(path, (cursor) =>
        this.post<BatchGetByUserResponse>(path, { userid_list: chunk, cursor, limit: 100 }),
      );
      for (const p of pages) {
        list.push(...(p.external_contact_list ?? []));
        unlicensed.push(...(p.fail_info?.unlicensed_userid_list ?? []));
      }
      last = pages[pages.length - 1];
    }
    return {
      errcode: 0,
      errmsg: last?.errmsg ?? 'ok',
      external_contact_list: list,
      next_cursor: '',
      ...(unlicensed.length ? { fail_info: { unlicensed_userid_list: unlicensed } } : {}),
    };
  }

  remark(body: RemarkRequest): Promise<WecomResponse> {
    return this.post('externalcontact/remark', body);
  }

  getUserBehaviorData(body: GetUserBehaviorDataRequest): Promise<GetUserBehaviorDataResponse> {
    return this.post('externalcontact/get_user_behavior_data', body);
  }
}
