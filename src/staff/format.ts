/** '2025-06-02 10:00:00' in China time (UTC+8), whatever the browser's zone. */
export function chinaTime(iso: string | null): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '—';
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Chinese names of the audit actions this slice writes; other modules' actions show as written. */
export const ACTION_NAMES: Record<string, string> = {
  'auth.login': '登录',
  'auth.logout': '退出登录',
  'auth.lockout': '登录失败过多，账号在该 IP / 设备上被锁定',
  'auth.ipLockout': '登录失败过多，该 IP 被限制',
  'accounts.unlock': '解除登录锁定',
  'accounts.create': '新建账号',
  'accounts.disable': '停用账号',
  'accounts.enable': '启用账号',
  'accounts.resetPassword': '重置密码',
  'accounts.resetTotp': '重置动态验证码',
  'service.take': '接入会话',
  'service.reply': '回复玩家',
  'service.close': '结束会话',
  'service.upload': '上传图片',
  'service.quickReply.create': '新增快捷回复',
  'service.quickReply.update': '修改快捷回复',
  'service.quickReply.delete': '删除快捷回复',
  'feedback.reply': '回复反馈',
  'feedback.close': '关闭反馈',
  'feedback.eventLog': '查看反馈的使用记录',
  'notices.publish': '发布公告',
  'notices.withdraw': '撤回公告',
  'broadcasts.send': '发送站内广播',
  'articles.create': '新建文章',
  'articles.update': '修改文章',
  'articles.publish': '文章上线',
  'articles.unpublish': '文章下线',
  'articles.createCategory': '新建问题分类',
  'articles.updateCategory': '修改问题分类',
  'withdrawals.approve': '通过提现',
  'withdrawals.pay': '提现已打款',
  'withdrawals.reject': '驳回提现',
  'trading.approve': '通过交易商品',
  'trading.reject': '驳回交易商品',
  'trading.refund': '交易退款给买家',
  'trading.release': '交易放款给卖家',
  'holidays.save': '保存节假日日历',
  'gifts.create': '新建礼包',
  'gifts.update': '修改礼包',
  'gifts.import': '导入兑换码',
  'gifts.withdraw': '撤回兑换码',
  'players.revealPhone': '查看玩家完整手机号',
  'players.ban': '封禁玩家',
  'players.unban': '解封玩家',
  'players.clearLockout': '解除玩家密码锁定',
};

export function actionName(action: string): string {
  return ACTION_NAMES[action] ?? action;
}
