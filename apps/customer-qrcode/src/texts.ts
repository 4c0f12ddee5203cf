// What each page of /customer-qrcode will do, shown in its 「即将上线」 state (one place for the wording).
export const COMING_SOON = {
  list: '为每位潜在客户生成专属临时二维码，查看哪些客户已添加、由哪位成员添加、何时添加。',
  edit: '导入线索名单（姓名、手机号或广告点击标识）批量生成专属二维码，并设置有效期（最长 14 天）。',
  detail: '查看每条线索的专属二维码、添加状态和添加成员。',
};
