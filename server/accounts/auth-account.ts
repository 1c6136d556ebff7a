import { createHash } from 'node:crypto';
import { pointsOf } from '../rewards/index.ts';
import type { AnyCallSpec } from '../../api/protocol/call-spec.ts';
import { agreeH5, userPrivacyH5, type PrivacyPolicyText } from '../../api/protocol/calls/down.ts';
import { changeActiveRecord, getUserInfo, getWatermark, logout } from '../../api/protocol/calls/user.ts';
import { AUTH_MSG } from '../../api/protocol/codes.ts';
import { endSessions } from '../auth.ts';
import { defineCalls, handle, ok, refuse, type CallDefinition } from '../calls.ts';
import { escapeXml } from '../catalog/index.ts';
import { PRIVACY_POLICY_FIRST_VERSION, PRIVACY_POLICY_KEY, PRIVACY_POLICY_VERSION_PATTERN, USER_AGREEMENT_KEY } from '../db/seed-auth-content.ts';
import { maskPhone } from '../sms.ts';
import { mediaUrl } from '../uploads/index.ts';
import { balanceOf, player } from '../money/ledger.ts';

const AVATAR_COLORS = ['#ff7a45', '#36cfc9', '#597ef7', '#9254de', '#f759ab', '#40a9ff', '#73d13d', '#ffa940'];

/** A round data: URI SVG with the nickname's first character, coloured by the user's uuid. */
export function generatedAvatar(nickname: string, uuid: string): string {
  const initial = escapeXml(Array.from(nickname.trim())[0] ?? '玩');
  const color = AVATAR_COLORS[createHash('sha256').update(uuid).digest()[0]! % AVATAR_COLORS.length];
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    `<circle cx="48" cy="48" r="48" fill="${color}"/>` +
    `<text x="48" y="48" dy="0.35em" text-anchor="middle" font-size="42" font-family="PingFang SC,Microsoft YaHei,sans-serif" fill="#fff">${initial}</text>` +
    '</svg>';
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** SPEC §7: short, stable per-user code shown as the screen watermark (traces leaked screenshots). */
export function watermarkCode(uuid: string): string {
  return createHash('sha256').update(`watermark\0${uuid}`).digest('hex').slice(0, 8).toUpperCase();
}

function agreementCall(spec: AnyCallSpec, key: string): CallDefinition {
  return handle(spec, async ({ db }) => {
    const row = await db.selectFrom('site_content').select(['title', 'content', 'updated_at']).where('key', '=', key).executeTakeFirst();
    if (!row) return refuse('暂无内容');
    return ok({ title: row.title, content: row.content, updated_at: new Date(row.updated_at).toISOString() });
  });
}

/**
 * The version a privacy-policy row declares (data.version): absent → the first version (rows from
 * before versions); present but not a plausible label → null, so the app counts no consent and
 * reads no identifier until an operator fixes it (failing closed, never silently back to an old one).
 */
export function privacyPolicyVersion(data: unknown): string | null {
  const version = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).version : undefined;
  if (version === undefined || version === null) return PRIVACY_POLICY_FIRST_VERSION;
  if (typeof version === 'number' && Number.isSafeInteger(version) && version >= 0) return String(version);
  return typeof version === 'string' && PRIVACY_POLICY_VERSION_PATTERN.test(version) ? version : null;
}

const privacyPolicyCall = handle(userPrivacyH5, async ({ db, log }) => {
  const row = await db.selectFrom('site_content').select(['title', 'content', 'data', 'updated_at']).where('key', '=', PRIVACY_POLICY_KEY).executeTakeFirst();
  if (!row) return refuse('暂无内容');
  const version = privacyPolicyVersion(row.data);
  if (version === null) log.error({ key: PRIVACY_POLICY_KEY }, 'privacy policy: data.version is not a version label; the app counts no consent until it is fixed');
  return ok({ title: row.title, content: row.content, updated_at: new Date(row.updated_at).toISOString(), version } satisfies PrivacyPolicyText);
});

export const authAccountCalls = defineCalls(
  handle(getUserInfo, async ({ db, user, config }) => {
    const row = await db
      .selectFrom('users')
      .select(['uuid', 'nickname', 'avatar', 'phone', 'coins', 'password_hash', 'created_at', 'sex', 'birthday'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const realName = await db.selectFrom('user_real_names').select('user_id').where('user_id', '=', user.id).executeTakeFirst();
    return ok({
      uuid: row.uuid,
      nickname: row.nickname,
      // users.avatar holds an uploaded object's key (server/accounts/profile.ts headerImgEdit).
      avatar: row.avatar ? mediaUrl(config, row.avatar) : generatedAvatar(row.nickname, row.uuid),
      phone: maskPhone(row.phone),
      // 乐玩币 from the ledger (fen of 币; 1 币 = 100), shown as 币 with up to two decimals.
      coins: (await balanceOf(db, player(user.id, 'coins'))) / 100,
      // 积分 from the ledger too (tasks and check-in earn them, the coin store spends them).
      points: await pointsOf(db, user.id),
      has_password: row.password_hash !== null,
      created_at: new Date(row.created_at).toISOString(),
      real_name: realName ? (1 as const) : (0 as const),
      sex: row.sex,
      birthday: row.birthday,
    });
  }),
  handle(changeActiveRecord, async ({ db, user, now }) => {
    await db.updateTable('users').set({ last_active_at: now }).where('id', '=', user.id).execute();
    return ok(null);
  }),
  handle(getWatermark, async ({ user }) => ok({ code: watermarkCode(user.uuid) })),
  handle(logout, async ({ db, user, now }) => {
    await endSessions(db, { sessionId: user.sessionId }, 'logout', now);
    return ok(null, AUTH_MSG.loggedOut);
  }),
  agreementCall(agreeH5, USER_AGREEMENT_KEY),
  privacyPolicyCall,
);
