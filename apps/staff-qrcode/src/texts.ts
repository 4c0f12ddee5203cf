// What each page of /staff-qrcode will do, shown in its 「即将上线」 state (one place for the wording).
export const COMING_SOON = {
  list: '为每位成员生成个人活码，按成员查看添加数据，支持批量创建。',
  create: '为一位或多位成员批量创建个人活码，并设置各自的欢迎语和自动标签。',
  detail: '查看该活码每天的添加人数和添加的客户。',
};
