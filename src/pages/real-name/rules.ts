import type { AgeBand } from '../../../api/protocol/real-name.ts';

/** What the minors' rules (server/minors.ts) mean for each age band, as the player reads them. */
export const PLAY_HOURS_RULE = '仅可在周五、周六、周日和法定节假日的20:00-21:00进行在线游戏';

export const AGE_BAND_TEXT: Record<AgeBand, { label: string; rules: string[] }> = {
  adult: { label: '已成年', rules: ['不受未成年人游戏时段和充值金额限制'] },
  '16-18': { label: '16周岁以上未满18周岁', rules: [PLAY_HOURS_RULE, '单次充值不超过100元，每月累计充值不超过400元'] },
  '8-16': { label: '8周岁以上未满16周岁', rules: [PLAY_HOURS_RULE, '单次充值不超过50元，每月累计充值不超过200元'] },
  under8: { label: '未满8周岁', rules: [PLAY_HOURS_RULE, '不能充值'] },
};

export const WHY_TEXT =
  '根据国家新闻出版署《关于防止未成年人沉迷网络游戏的通知》和《关于进一步严格管理 切实防止未成年人沉迷网络游戏的通知》，网络游戏用户须使用真实有效的身份信息进行实名认证，未完成实名认证的账号不能进行在线游戏和充值。';
