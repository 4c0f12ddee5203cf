// Address book: departments and members.
import type { WecomResponse, Paged } from './common';

export interface Department {
  id: number;
  name: string;
  name_en?: string;
  /** 0 for the root department (id 1). */
  parentid: number;
  order: number;
  department_leader?: string[];
}
export interface DepartmentListResponse extends WecomResponse {
  department: Department[];
}

export interface DeptUser {
  userid: string;
  open_userid?: string;
  department: number;
}
export interface UserListIdResponse extends WecomResponse, Paged {
  dept_user: DeptUser[];
}

export interface User {
  userid: string;
  name: string;
  department: number[];
  order?: number[];
  position?: string;
  mobile?: string;
  gender?: string;
  email?: string;
  biz_mail?: string;
  is_leader_in_dept?: number[];
  direct_leader?: string[];
  avatar?: string;
  thumb_avatar?: string;
  telephone?: string;
  alias?: string;
  /** 1 active, 2 disabled, 4 not activated, 5 left. */
  status: number;
  address?: string;
  open_userid?: string;
  main_department?: number;
  qr_code?: string;
  external_position?: string;
}
export interface UserListResponse extends WecomResponse {
  userlist: User[];
}
export interface UserSimple {
  userid: string;
  name: string;
  department: number[];
  open_userid?: string;
}
export interface UserSimpleListResponse extends WecomResponse {
  userlist: UserSimple[];
}
