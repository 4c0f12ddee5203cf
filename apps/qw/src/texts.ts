// What each page of /qw will do, shown in its 「即将上线」 state (one place for the wording).
export const COMING_SOON = {
  list: '连接企业微信（自建应用、第三方应用授权或代开发应用），查看每个连接的状态、接口许可和订单。',
  edit: '填写企业 ID、应用 ID 和 Secret，复制回调 Token 与 EncodingAESKey，并查看需配置的可信 IP。',
  thirdappCallback: '企业微信第三方应用授权完成后，将在此确认授权结果并连接企业账号。',
};
