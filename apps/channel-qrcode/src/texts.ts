// What each page of /channel-qrcode will do, shown in its 「即将上线」 state (one place for the wording).
export const COMING_SOON = {
  list: '查看每个渠道活码的二维码、今日与累计的扫码和添加人数、状态及成员在线情况，支持分组管理和下载二维码。',
  create: '设置活码名称、分组、接待成员与分配规则、成员每日添加上限、备用成员、自动标签、欢迎语和上线时间。',
  detail: '按天查看扫码与添加数据、成员数据和客户留存，并可切换成员的上线、下线状态。',
};
