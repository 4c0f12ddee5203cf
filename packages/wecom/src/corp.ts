// CorpApi: one corp's calls, made with its access_token. The calls live per WeCom domain in corp/*.ts;
// CorpApi says how they reach WeCom (WecomClient.request with this corp's token) and takes every part's
// methods, so a caller writes `corp.addContactWay(…)` whatever the domain.
import { CorpCalls, uploadForm, type Query, type TokenSource } from './calls';
import type { WecomClient } from './client';
import { AppMessageCalls } from './corp/app-message';
import { ContactWayCalls } from './corp/contact-way';
import { ContactsCalls } from './corp/contacts';
import { ExternalContactCalls } from './corp/external-contact';
import { GroupChatCalls } from './corp/group-chat';
import { MediaCalls } from './corp/media';
import { MessageCalls } from './corp/message';
import { MomentCalls } from './corp/moment';
import { TagCalls } from './corp/tag';
import { TransferCalls } from './corp/transfer';
import type { WecomResponse } from './wire/common';
import type { UploadFile } from './wire/media';

export class CorpApi extends CorpCalls {
  constructor(
    private readonly client: WecomClient,
    readonly corpId: string,
    private readonly source: TokenSource,
  ) {
    super();
  }

  protected get<T extends WecomResponse>(path: string, query?: Query): Promise<T> {
    return this.client.request<T>({ corpId: this.corpId, path, method: 'GET', query, token: this.source });
  }

  protected post<T extends WecomResponse>(path: string, body: unknown, query?: Query): Promise<T> {
    return this.client.request<T>({ corpId: this.corpId, path, method: 'POST', body, query, token: this.source });
  }

  protected upload<T extends WecomResponse>(path: string, query: Query, file: UploadFile): Promise<T> {
    return this.client.request<T>({ corpId: this.corpId, path, method: 'POST', query, form: uploadForm(file), token: this.source });
  }

  /** The access_token (cached, single-flight, refreshed early). */
  getAccessToken(): Promise<string> {
    return this.client.token(this.source);
  }
}

const PARTS = [ContactsCalls, ExternalContactCalls, ContactWayCalls, TagCalls, GroupChatCalls, MessageCalls, MomentCalls, MediaCalls, TransferCalls, AppMessageCalls];

// The parts' methods: typed by merging this interface into the class, put on its prototype below.
export interface CorpApi
  extends ContactsCalls,
    ExternalContactCalls,
    ContactWayCalls,
    TagCalls,
    GroupChatCalls,
    MessageCalls,
    MomentCalls,
    MediaCalls,
    TransferCalls,
    AppMessageCalls {}

for (const part of PARTS) {
  for (const name of Object.getOwnPropertyNames(part.prototype)) {
    if (name === 'constructor') continue;
    // Two parts with one method name would silently shadow each other.
    if (Object.hasOwn(CorpApi.prototype, name)) throw new Error(`CorpApi.${name} is defined twice`);
    Object.defineProperty(CorpApi.prototype, name, Object.getOwnPropertyDescriptor(part.prototype, name)!);
  }
}
