// CorpApi part — Customer moments (朋友圈) tasks.
import { CorpCalls } from '../calls';
import type { WecomResponse } from '../wire/common';
import type {
  AddMomentTaskRequest,
  AddMomentTaskResponse,
  GetMomentListRequest,
  GetMomentListResponse,
  GetMomentTaskResponse,
  GetMomentTaskResultResponse,
} from '../wire/moment';

export abstract class MomentCalls extends CorpCalls {
  addMomentTask(body: AddMomentTaskRequest): Promise<AddMomentTaskResponse> {
    return this.post('externalcontact/add_moment_task', body);
  }

  getMomentTaskResult(jobid: string): Promise<GetMomentTaskResultResponse> {
    return this.get('externalcontact/get_moment_task_result', { jobid });
  }

  /** ∞ Every member of an enterprise moment with its publish state. */
  getMomentTask(momentId: string): Promise<GetMomentTaskResponse> {
    return this.postAll<GetMomentTaskResponse>('externalcontact/get_moment_task', 'task_list', { moment_id: momentId, limit: 1000 });
  }

  /** Stops an enterprise moment members have not published yet. */
  cancelMomentTask(momentId: string): Promise<WecomResponse> {
    return this.post('externalcontact/cancel_moment_task', { moment_id: momentId });
  }

  /** ∞ Every moment of the range. */
  getMomentList(body: GetMomentListRequest): Promise<GetMomentListResponse> {
    return this.postAll<GetMomentListResponse>('externalcontact/get_moment_list', 'moment_list', { ...body, limit: body.limit ?? 20 });
  }
}
