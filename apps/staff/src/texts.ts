// What each page of /staff will do, shown in its 「即将上线」 state (one place for the wording).
export const COMING_SOON = {
  list: '查看从企业微信同步的成员、部门、状态、席位和客户数，并管理成员分组。',
};
