// What each page of /outer-group will do, shown in its 「即将上线」 state (one place for the wording).
export const COMING_SOON = {
  list: '查看群主、群人数、客户与员工人数、创建时间和今日入群、退群人数，按群主、群名和标签筛选，并从企业微信同步。',
  detail: '查看群成员、入群方式以及入群、退群趋势。',
};
