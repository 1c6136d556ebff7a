import type { InviteInfo } from '../../../api/protocol/calls/invite.ts';

/** '5%' for 500 basis points. */
export function percentOf(shareBp: number): string {
  return `${(shareBp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** The bridge's inviteShare payload (docs/bridge-protocol.md): { title, content, url, image, invite_code }. */
export function inviteSharePayload(info: Pick<InviteInfo, 'code' | 'rules'>, origin: string): string {
  return JSON.stringify({
    title: '邀请你一起玩乐玩游戏盒',
    content: `折扣手游、BT 服、H5 小游戏都在这里。用我的邀请码 ${info.code} 注册，一起领福利！`,
    url: `${origin}/?invite=${info.code}`,
    image: `${origin}/favicon.svg`,
    invite_code: info.code,
  });
}
