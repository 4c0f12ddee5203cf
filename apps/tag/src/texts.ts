// What each page of /tag will do, shown in its 「即将上线」 state (one place for the wording).
export const COMING_SOON = {
  list: '管理企业客户标签组与标签：新建、重命名、排序、删除，与企业微信同步，并查看每个标签的客户数。',
  autoList: '按来源活码、添加时间、备注或昵称关键词、所在客户群等规则，自动为客户打标签。',
  autoEdit: '设置自动标签的规则条件和要打的标签。',
  autoDetail: '查看规则命中的客户数和打标签记录。',
};
