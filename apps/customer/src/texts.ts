// The wording of /customer in one place.

// What a page not built yet will do, shown in its 「即将上线」 state.
export const COMING_SOON = {
  list: '按成员、标签、渠道活码、添加时间、性别和名称筛选客户，支持批量打标签和导出 Excel。',
};

// 客户详情 (/customer/detail).
export const DETAIL = {
  noWork: '请先连接企业微信',
  noWorkHint: '连接企业微信后，即可查看客户资料与来源',
  connect: '连接企业微信',
  back: '返回',
  backToList: '返回客户列表',
  notFound: '客户不存在或已被删除',
  notFoundHint: '该客户可能不属于当前企业，或已不在企业微信中',
  missingId: '未指定客户',
  loadFailed: '客户详情加载失败',

  wechat: '微信',
  wecom: '企业微信',
  gender: '性别',
  corp: '所属企业',
  externalUserid: '客户ID',
  firstAdded: '首次添加',
  firstSource: '来源：',
  followCount: '跟进成员',
  groupCount: '所在客户群',
  people: (n: number) => `${n} 人`,
  groupsN: (n: number) => `${n} 个`,

  sources: '来源',
  sourcesHint: '客户通过哪个活码添加了哪位成员',
  sourcesEmpty: '该客户不是通过活码添加的',
  code: '来源活码',
  lead: '线索',
  member: '添加成员',
  addedAt: '添加时间',
  welcome: '欢迎语',
  autoTags: '自动标签',
  relation: '好友关系',
  codeDeleted: '活码已删除',
  tagPending: '打标签中',
  tagFailed: '打标签失败',
  normal: '正常',
  deletedByCustomer: '客户已删除成员',
  deletedByMember: '成员已删除客户',

  follows: '跟进成员',
  followsEmpty: '暂无跟进成员',
  remark: '备注',
  description: '描述',
  addWay: '添加方式',
  tags: '标签',
  noTags: '未打标签',
  otherTags: '其他',
  addedOn: (t: string) => `添加于 ${t}`,

  groups: '所在客户群',
  groupsEmpty: '未加入客户群',
  owner: '群主',
  joinedAt: '入群时间',
  joinScene: '入群方式',
  left: '已退群',
  leftAt: (t: string) => `退群于 ${t}`,

  timeline: '动态',
  timelineEmpty: '暂无动态',
  none: '—',
};
