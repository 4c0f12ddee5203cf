// What each page of /data will do, shown in its 「即将上线」 state (one place for the wording).
export const COMING_SOON = {
  customer:
    '按日期查看新增好友、成员删除客户、客户删除成员和净增人数，可按成员、渠道活码和标签分析，查看留存曲线并导出数据。',
};
