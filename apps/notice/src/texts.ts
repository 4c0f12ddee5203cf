// The Chinese texts of /notice (消息中心), in one place for review.
import type { NotifyChannel, NotifyStatus } from '@scrm/contracts/notify';

export const T = {
  title: '消息通知设置',
  tabs: { recipients: '通知接收人', classes: '通知类型', messages: '发送记录', credits: '短信余量' },
  intro: '接收人用微信扫描公众号二维码完成绑定后，按各自勾选的通知类型，通过公众号模板消息接收提醒；标记为「短信」的类型同时发送短信（每条消耗 1 条短信余量）。',

  recipients: {
    add: '添加接收人',
    name: '姓名',
    phone: '手机号',
    wechat: '绑定微信',
    classes: '接收的通知',
    actions: '操作',
    bound: '已绑定',
    unbound: '未绑定',
    boundAt: (t: string) => `绑定于 ${t}`,
    noPhone: '未填写',
    noClasses: '未选择（不接收通知）',
    editClasses: '设置通知',
    editPhone: '修改手机号',
    rename: '修改姓名',
    rebind: '重新绑定',
    delete: '删除',
    deleteConfirm: (name: string) => `删除接收人「${name}」？`,
    deleteHint: '删除后不再向其发送通知，已发送的记录仍保留在发送记录中。',
    deleted: '接收人已删除',
    empty: '还没有通知接收人',
    emptyHint: '添加接收人并用微信扫码绑定后，风控、流失等提醒会发送到其微信。',
    total: (n: number) => `共 ${n} 人`,
    cancel: '取消',
    save: '保存',
    saved: '已保存',
    phoneTitle: '修改手机号',
    phoneHint: '用于接收短信通知；留空则不发短信。',
    phoneInvalid: '请输入 11 位手机号',
    nameTitle: '修改姓名',
    nameRequired: '请填写姓名',
    nameMax: '姓名最多 30 个字',
  },

  classesEditor: {
    title: (name: string) => `设置「${name}」接收的通知`,
    all: '全选',
    sms: '短信',
    smsHint: '该类型同时发送短信',
    off: '已停用',
    none: '不勾选任何类型时，该接收人不会收到通知。',
    saved: '通知类型已保存',
  },

  bind: {
    title: '添加接收人',
    rebindTitle: (name: string) => `重新绑定「${name}」的微信`,
    name: '姓名',
    namePlaceholder: '如：王经理',
    phone: '手机号（选填）',
    phonePlaceholder: '接收短信通知的手机号',
    next: '生成二维码',
    scan: '请接收人使用微信扫描下方二维码，关注公众号后即完成绑定。',
    waiting: '等待扫码…',
    expired: '二维码已过期',
    refresh: '点击刷新',
    bound: (name: string) => `「${name}」已绑定微信`,
    done: '完成',
    openInSimulator: '在模拟器中扫码',
    failed: '获取二维码失败',
  },

  classes: {
    name: '通知类型',
    description: '说明',
    enabled: '发送',
    sms: '同时发短信',
    saved: '已保存',
    hint: '关闭「发送」后，所有接收人都不会收到该类型的通知；「同时发短信」按条消耗短信余量。',
  },

  messages: {
    time: '时间',
    class: '通知类型',
    title: '内容',
    recipient: '接收人',
    channel: '渠道',
    status: '状态',
    reason: '原因',
    attempts: (n: number) => `已尝试 ${n} 次`,
    allClasses: '全部类型',
    allStatus: '全部状态',
    empty: '暂无发送记录',
    emptyHint: '绑定接收人后，新的提醒会在这里逐条记录发送结果。',
    total: (n: number) => `共 ${n} 条`,
    refresh: '刷新',
  },

  credits: {
    balance: '短信余量（条）',
    used: '已使用（条）',
    recipients: '接收人',
    bound: '已绑定微信',
    recharges: '充值记录',
    time: '时间',
    kind: '类型',
    amount: '条数',
    balanceAfter: '充值后余量',
    note: '备注',
    empty: '暂无充值记录',
    low: '短信余量不足时，短信通知会记为发送失败（公众号消息照常发送）。',
    total: (n: number) => `共 ${n} 条`,
  },
};

export const CHANNEL_LABEL: Record<NotifyChannel, string> = { gzh: '公众号', sms: '短信' };

export const STATUS_LABEL: Record<NotifyStatus, string> = {
  pending: '待发送',
  sending: '发送中',
  sent: '已发送',
  failed: '发送失败',
  unknown: '结果未知',
};

export const STATUS_COLOR: Record<NotifyStatus, string> = { pending: 'processing', sending: 'processing', sent: 'success', failed: 'error', unknown: 'warning' };

export const RECHARGE_KIND_LABEL = { gift: '赠送', purchase: '充值', refund: '退回' } as const;
