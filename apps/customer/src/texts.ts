// What each page of /customer will do, shown in its 「即将上线」 state (one place for the wording).
export const COMING_SOON = {
  list: '按成员、标签、渠道活码、添加时间、性别和名称筛选客户，支持批量打标签和导出 Excel。',
  detail: '查看客户资料、跟进成员及备注、标签、所在客户群、来源活码和事件时间线。',
};
