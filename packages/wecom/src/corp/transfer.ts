// CorpApi part — Customer transfers (在职继承, 离职继承) and departed owners' groups.
import { CorpCalls } from '../calls';
import type {
  GroupChatTransferRequest,
  GroupChatTransferResponse,
  TransferCustomerRequest,
  TransferCustomerResponse,
  TransferResultRequest,
  TransferResultResponse,
  UnassignedListResponse,
} from '../wire/transfer';

export abstract class TransferCalls extends CorpCalls {
  /** 在职继承: ≤100 customers of a member in the corp. */
  transferCustomer(body: TransferCustomerRequest): Promise<TransferCustomerResponse> {
    return this.post('externalcontact/transfer_customer', body);
  }

  /** ∞ Where each customer handed from one member to another stands. */
  transferResult(body: TransferResultRequest): Promise<TransferResultResponse> {
    return this.postAll<TransferResultResponse>('externalcontact/transfer_result', 'customer', body);
  }

  /** ∞ Customers of departed members nobody has taken over yet. */
  unassignedList(): Promise<UnassignedListResponse> {
    return this.postAll<UnassignedListResponse>('externalcontact/get_unassigned_list', 'info', { page_size: 1000 });
  }

  /** 离职继承: ≤100 customers of a departed member. */
  resignedTransferCustomer(body: Omit<TransferCustomerRequest, 'transfer_success_msg'>): Promise<TransferCustomerResponse> {
    return this.post('externalcontact/resigned/transfer_customer', body);
  }

  /** ∞ As transferResult, for a departed member's customers. */
  resignedTransferResult(body: TransferResultRequest): Promise<TransferResultResponse> {
    return this.postAll<TransferResultResponse>('externalcontact/resigned/transfer_result', 'customer', body);
  }

  /** A departed owner's groups (≤100) to a new owner, at once. */
  groupChatTransfer(body: GroupChatTransferRequest): Promise<GroupChatTransferResponse> {
    return this.post('externalcontact/groupchat/transfer', body);
  }
}
