// LicenseApi: interface-licence (接口许可) calls, `/cgi-bin/license/*` with the provider_access_token.
import { allPages, merged, type TokenSource } from './calls';
import type { WecomClient } from './client';
import type { Paged, WecomResponse } from './wire/common';
import type {
  ActiveAccountRequest,
  BatchActiveAccountResponse,
  BatchGetActiveInfoByCodeResponse,
  BatchTransferLicenseResponse,
  CreateNewOrderRequest,
  CreateNewOrderResponse,
  GetActiveInfoByCodeResponse,
  GetActiveInfoByUserResponse,
  GetOrderResponse,
  LicenseTransfer,
  ListActivedAccountResponse,
  ListOrderAccountResponse,
  ListOrderRequest,
  ListOrderResponse,
} from './wire/license';

export interface LicenseOptions {
  /** The provider's own corp id and its provider secret (服务商 Secret). */
  providerCorpId: string;
  providerSecret: string;
}

export class LicenseApi {
  constructor(
    private readonly client: WecomClient,
    readonly providerCorpId: string,
    private readonly source: TokenSource,
  ) {}

  private post<T extends WecomResponse>(name: string, body: unknown): Promise<T> {
    return this.client.request<T>({
      corpId: this.providerCorpId,
      path: `license/${name}`,
      method: 'POST',
      body,
      token: this.source,
    });
  }

  /** ∞ POSTs `body` with every next_cursor in turn; one answer with the `key` list of every page. */
  private async postAll<P extends WecomResponse & Paged>(name: string, key: keyof P, body: object): Promise<P> {
    return merged(await allPages(`license/${name}`, (cursor) => this.post<P>(name, { ...body, cursor })), key);
  }

  /** provider_access_token (cached, single-flight, refreshed early). */
  getProviderToken(): Promise<string> {
    return this.client.token(this.source);
  }

  createNewOrder(body: CreateNewOrderRequest): Promise<CreateNewOrderResponse> {
    return this.post('create_new_order', body);
  }

  /** ∞ Every order in the range. */
  listOrder(body: ListOrderRequest = {}): Promise<ListOrderResponse> {
    return this.postAll<ListOrderResponse>('list_order', 'order_list', { ...body, limit: body.limit ?? 1000 });
  }

  getOrder(orderId: string): Promise<GetOrderResponse> {
    return this.post('get_order', { order_id: orderId });
  }

  /** ∞ Every account (active code) of an order. */
  listOrderAccount(orderId: string): Promise<ListOrderAccountResponse> {
    return this.postAll<ListOrderAccountResponse>('list_order_account', 'account_list', { order_id: orderId, limit: 1000 });
  }

  activeAccount(body: ActiveAccountRequest): Promise<WecomResponse> {
    return this.post('active_account', body);
  }

  batchActiveAccount(corpid: string, activeList: { active_code: string; userid: string }[]): Promise<BatchActiveAccountResponse> {
    return this.post('batch_active_account', { corpid, active_list: activeList });
  }

  getActiveInfoByCode(corpid: string, activeCode: string): Promise<GetActiveInfoByCodeResponse> {
    return this.post('get_active_info_by_code', { corpid, active_code: activeCode });
  }

  batchGetActiveInfoByCode(corpid: string, activeCodes: string[]): Promise<BatchGetActiveInfoByCodeResponse> {
    return this.post('batch_get_active_info_by_code', { corpid, active_code_list: activeCodes });
  }

  /** ∞ Every activated account of a corp. */
  listActivedAccount(corpid: string): Promise<ListActivedAccountResponse> {
    return this.postAll<ListActivedAccountResponse>('list_actived_account', 'account_list', { corpid, limit: 1000 });
  }

  getActiveInfoByUser(corpid: string, userid: string): Promise<GetActiveInfoByUserResponse> {
    return this.post('get_active_info_by_user', { corpid, userid });
  }

  batchTransferLicense(corpid: string, transferList: LicenseTransfer[]): Promise<BatchTransferLicenseResponse> {
    return this.post('batch_transfer_license', { corpid, transfer_list: transferList });
  }
}
