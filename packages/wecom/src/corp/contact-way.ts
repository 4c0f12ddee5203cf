// CorpApi part — Contact ways (「联系我」).
import { CorpCalls } from '../calls';
import type { WecomResponse } from '../wire/common';
import type {
  AddContactWayRequest,
  AddContactWayResponse,
  GetContactWayResponse,
  UpdateContactWayRequest,
  ListContactWayRequest,
  ListContactWayResponse,
} from '../wire/contact-way';

export abstract class ContactWayCalls extends CorpCalls {
  addContactWay(body: AddContactWayRequest): Promise<AddContactWayResponse> {
    return this.post('externalcontact/add_contact_way', body);
  }

  getContactWay(configId: string): Promise<GetContactWayResponse> {
    return this.post('externalcontact/get_contact_way', { config_id: configId });
  }

  updateContactWay(body: UpdateContactWayRequest): Promise<WecomResponse> {
    return this.post('externalcontact/update_contact_way', body);
  }

  delContactWay(configId: string): Promise<WecomResponse> {
    return this.post('externalcontact/del_contact_way', { config_id: configId });
  }

  /** ∞ Every contact way (config ids) created through the API in the range. */
  listContactWay(body: ListContactWayRequest = {}): Promise<ListContactWayResponse> {
    return this.postAll<ListContactWayResponse>('externalcontact/list_contact_way', 'contact_way', {
      ...body,
      limit: body.limit ?? 1000,
    });
  }
}
