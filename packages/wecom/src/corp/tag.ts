// CorpApi part — Corp customer tags and tagging a customer.
import { CorpCalls } from '../calls';
import type { WecomResponse } from '../wire/common';
import type {
  GetCorpTagListRequest,
  GetCorpTagListResponse,
  AddCorpTagRequest,
  AddCorpTagResponse,
  EditCorpTagRequest,
  DelCorpTagRequest,
  MarkTagRequest,
} from '../wire/tag';

export abstract class TagCalls extends CorpCalls {
  getCorpTagList(body: GetCorpTagListRequest = {}): Promise<GetCorpTagListResponse> {
    return this.post('externalcontact/get_corp_tag_list', body);
  }

  addCorpTag(body: AddCorpTagRequest): Promise<AddCorpTagResponse> {
    return this.post('externalcontact/add_corp_tag', body);
  }

  editCorpTag(body: EditCorpTagRequest): Promise<WecomResponse> {
    return this.post('externalcontact/edit_corp_tag', body);
  }

  delCorpTag(body: DelCorpTagRequest): Promise<WecomResponse> {
    return this.post('externalcontact/del_corp_tag', body);
  }

  markTag(body: MarkTagRequest): Promise<WecomResponse> {
    return this.post('externalcontact/mark_tag', body);
  }
}
