// What each page of /notice will do, shown in its 「即将上线」 state (one place for the wording).
export const COMING_SOON = {
  setting: '添加扫码绑定的通知接收人，选择各自接收的事件（风控处理、异常加好友、成员下线、席位到期、同步失败等），查看发送记录和短信余量。',
};
