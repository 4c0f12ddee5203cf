// What each page of /setting will do, shown in its 「即将上线」 state (one place for the wording).
export const COMING_SOON = {
  risk: '设置成员每日、每小时添加上限和定时上下线计划，自动检测异常加好友并让成员下线，查看每一次自动处理记录并可一键恢复。',
  riskCronCreate: '按星期和时间段，为成员或活码设置上线、下线计划。',
  riskCronDetail: '查看定时上下线计划的内容、适用成员和执行记录。',
  riskLimitCreate: '设置成员每日和每小时的添加上限：达到上限后成员自动从所有活码下线，次日或下一小时自动恢复。',
  riskLimitDetail: '查看加好友上限规则、适用成员和触发记录。',
  subaccountList: '创建子账号并分配功能角色和可管理的企业账号，支持重置密码、停用和删除。',
  subaccountEdit: '设置子账号的手机号、密码、名称、功能角色和可管理的企业账号。',
  roleList: '以菜单和操作权限树配置功能角色，可从预设模板快速创建。',
  package: '查看已购、已用和即将到期的席位，为成员绑定、转移或解绑席位，购买和续费席位。',
};
