// CorpApi part — Address book: departments and members.
import { CorpCalls } from '../calls';
import type { DepartmentListResponse, UserListIdResponse, UserListResponse, UserSimpleListResponse } from '../wire/contacts';

export abstract class ContactsCalls extends CorpCalls {
  departmentList(id?: number): Promise<DepartmentListResponse> {
    return this.get('department/list', { id });
  }

  /** ∞ Every member id with its departments (needs the contacts-sync secret). */
  userListId(): Promise<UserListIdResponse> {
    return this.postAll<UserListIdResponse>('user/list_id', 'dept_user', { limit: 10_000 });
  }

  userList(departmentId: number, fetchChild: boolean): Promise<UserListResponse> {
    return this.get('user/list', { department_id: departmentId, fetch_child: fetchChild ? 1 : 0 });
  }

  userSimpleList(departmentId: number, fetchChild: boolean): Promise<UserSimpleListResponse> {
    return this.get('user/simplelist', { department_id: departmentId, fetch_child: fetchChild ? 1 : 0 });
  }
}
