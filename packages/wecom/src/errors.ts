// The one place that maps WeCom errcodes to the Chinese messages operators see.

const MESSAGES: Record<number, string> = {
  [-1]: '企业微信系统繁忙，请稍后再试',
  40001: '应用 Secret 无效，请检查企业微信后台的 Secret',
  40013: '企业 ID（corpid）无效',
  40003: '成员 UserID 无效',
  40096: '客户 external_userid 无效',
  40014: 'access_token 无效',
  42001: 'access_token 已过期',
  40082: '服务商应用凭证（suite_access_token）无效',
  42009: '服务商应用凭证（suite_access_token）已过期',
  40084: '企业永久授权码（permanent_code）无效，请重新授权',
  40085: 'suite_ticket 无效，请等待企业微信重新推送',
  40058: '请求参数不合法',
  40068: '标签或标签组不存在（可能已在企业微信中删除），请同步企业微信标签后重试',
  40071: '名称已存在：同一标签组内的标签、以及标签组之间不能重名',
  40126: '企业标签数量已达上限（10000 个）',
  40129: '该客户正在转接中，请等待客户接替完毕',
  41001: '缺少 access_token 参数',
  41037: '缺少「联系我」类型（type）参数',
  41038: '缺少「联系我」场景（scene）参数',
  41039: '「联系我」类型（type）参数无效',
  41040: '「联系我」场景（scene）参数无效',
  41041: '「联系我」使用成员超过 100 人',
  41042: '「联系我」样式（style）参数无效',
  41043: '缺少「联系我」配置 ID（config_id）',
  41044: '「联系我」配置 ID（config_id）无效',
  41045: '企业的「联系我」数量已达上限',
  41048: '没有可以发送的客户',
  41049: '群发或欢迎语内容无效',
  41050: '欢迎语 welcome_code 无效或已过期',
  41051: '客户和成员已经开始聊天，不能再发送欢迎语',
  41063: '群发消息正在派发中，请稍后再查',
  41096: '企业的其他应用正在发送欢迎语，请稍后再试',
  45009: '接口调用超过企业微信频率限制，请稍后再试',
  45033: '接口并发调用超过企业微信限制，请稍后再试',
  48002: '应用没有调用该接口的权限，请在企业微信后台开通',
  48004: '企业授权已失效，请重新授权',
  60011: '应用没有该成员、部门或标签的可见范围权限',
  60020: '服务器 IP 不在应用的可信 IP 列表中，请在企业微信后台配置',
  60111: '成员 UserID 不存在',
  701001: '接口许可订单不存在',
  701004: '激活码不存在或不属于该企业',
  701008: '该成员未激活接口许可（互通账号），无法使用客户联系功能',
  701009: '激活码已被使用或已过期',
  701010: '该成员已有同类型的有效接口许可',
  81017: '单次请求的数量超过企业微信上限',
  84061: '成员与该客户不存在外部联系人关系',
  84074: '成员没有客户联系权限，请在企业微信后台配置',
  90500: '客户群不存在',
  90501: '群主未离职，不能分配该客户群',
};

export function wecomErrorMessage(errcode: number): string {
  return MESSAGES[errcode] ?? `企业微信接口错误（${errcode}）`;
}

/** An errcode ≠ 0 from WeCom (or a transport failure reported as -1). `message` is the operator-facing text. */
export class WecomError extends Error {
  /** No answer came (timeout, dropped connection): WeCom may or may not have done it. */
  readonly unanswered: boolean;

  constructor(
    readonly errcode: number,
    readonly errmsg: string,
    readonly path: string,
    opts: { unanswered?: boolean } = {},
  ) {
    super(wecomErrorMessage(errcode));
    this.name = 'WecomError';
    this.unanswered = opts.unanswered ?? false;
  }
}
