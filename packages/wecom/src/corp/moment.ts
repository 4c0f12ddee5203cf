// CorpApi part — Customer moments (朋友圈) tasks.
import { CorpCalls } from '../calls';
import type { AddMomentTaskRequest, AddMomentTaskResponse, GetMomentTaskResultResponse } from '../wire/moment';

export abstract class MomentCalls extends CorpCalls {
  addMomentTask(body: AddMomentTaskRequest): Promise<AddMomentTaskResponse> {
    return this.post('externalcontact/add_moment_task', body);
  }

  getMomentTaskResult(jobid: string): Promise<GetMomentTaskResultResponse> {
    return this.get('externalcontact/get_moment_task_result', { jobid });
  }
}
