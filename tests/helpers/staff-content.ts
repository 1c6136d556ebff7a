import sharp from 'sharp';
import { expect } from 'vitest';
import type { Credentials } from '../../api/protocol/wire.ts';
import type { TestServer } from './test-server.ts';
import { devSmsCode, wireClient } from './wire-client.ts';

/**
 * Players for the staff console's content tests (server/staff/staff-*.test.ts): signed up the way
 * the app does it, uploading real pictures and submitting feedback through the players' API.
 */
export type Player = Credentials & { id: number };

let picture = 0;
/** A different PNG every time. */
export function png(width = 320, height = 240): Promise<Buffer> {
  const seed = ++picture;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (((i / 3) % width) * seed + Math.floor(i / 3 / width) * 5 + (i % 3) * 70) & 255;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

export function playerKit(server: () => TestServer, now: () => number, phonePrefix: string) {
  let serial = 0;
  let requests = 0;
  const call = (path: string, payload: Record<string, unknown> = {}, player: Credentials | null = null) => wireClient(server().url, now)(path, payload as never, player);

  async function signUp(): Promise<Player> {
    const phone = `${phonePrefix}${String(++serial).padStart(11 - phonePrefix.length, '0')}`;
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server().url, phone), agree_agreement: 1 });
    expect(answer.code, answer.msg).toBe(200);
    const user = await server().database.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    return { token: answer.data.token, uuid: answer.data.user_uuid, id: user.id };
  }

  async function uploadPicture(player: Player): Promise<{ key: string; url: string }> {
    const ticket = await call('/api/upload/getUploadTos', { purpose: 'feedback' }, player);
    expect(ticket.code, ticket.msg).toBe(1);
    const res = await fetch(server().url + ticket.data.url, {
      method: 'POST',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${player.token}`, 'x-user-uuid': player.uuid },
      body: new Uint8Array(await png()),
    });
    const body = (await res.json()) as { code: number; msg: string; data: { key: string; url: string } };
    expect(body.code, body.msg).toBe(1);
    return body.data;
  }

  async function submitFeedback(player: Player, fields: Record<string, unknown> = {}): Promise<number> {
    const answer = await call('/api/user/userOpinion', { request_id: `req-${phonePrefix}-${String(++requests).padStart(12, '0')}`, category: 'bug', content: '下载到一半总是失败，换了网络也一样，麻烦看看', ...fields }, player);
    expect(answer.code, answer.msg).toBe(1);
    return answer.data.id as number;
  }

  return { call, signUp, uploadPicture, submitFeedback };
}
