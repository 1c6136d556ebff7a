import * as v from 'valibot';
import { answer, count, defineCall, field, instant, int, lenientList, optionalChoice, page, PAGE_FIELDS, positive, SiteText } from '../call-spec.ts';
import { DOTTED_VERSION } from '../versions.ts';
import { GameListItem } from './game.ts';
import { TopicCard } from './topic.ts';
import { DEFAULT_VERSION_CODE } from '../wire.ts';

/** The app itself, its texts and its layout (/down/appVersion, /api/down/…). */

export { SiteText } from '../call-spec.ts';

/**
 * The privacy policy as served: its text and the version the player consents to. An operator who
 * changes the policy bumps the version (site_content 'privacy_policy', data.version); the app asks
 * for consent again before it reads any device identifier. null when the stored version is not a
 * plausible one (no consent counts then: the app fails closed).
 */
export const PrivacyPolicyText = v.object({
  ...SiteText.entries,
  version: v.nullable(v.string()),
});
export type PrivacyPolicyText = v.InferOutput<typeof PrivacyPolicyText>;

/** The latest published app version (/down/appVersion). */
const dotted = v.pipe(v.string(), v.regex(DOTTED_VERSION));

export const AppVersionInfo = v.object({
  version_name: v.pipe(v.string(), v.maxLength(30)),
  /** A dotted version code (3.4.0): the update check compares it part by part. */
  version_code: dotted,
  /** Older versions must update (a forced update). An older server leaves it out: the client then goes by force_update. */
  min_supported_code: v.optional(dotted),
  /** The package: an app path or http(s), never javascript: or //host (the page opens it). */
  url: v.pipe(v.string(), v.maxLength(500), v.check((url) => /^\/[^/\\]/.test(url) || /^https?:\/\/[^\s]+$/i.test(url), 'Not a package URL')),
  size: count,
  /** '' or 32 hex digits. */
  md5: v.pipe(v.string(), v.check((md5) => md5 === '' || /^[0-9a-f]{32}$/i.test(md5), 'Not an md5')),
  notes: v.string(),
  released_at: v.string(),
  has_update: v.boolean(),
  force_update: v.boolean(),
});
export type AppVersionInfo = v.InferOutput<typeof AppVersionInfo>;

export const appVersion = defineCall({
  path: '/down/appVersion',
  auth: 'none',
  summary: '检查 App 更新：最新版本，以及当前版本是否需要（强制）更新',
  fields: {
    // Taken exactly as sent: a version code is compared part by part, not trimmed.
    version_code: field<string | undefined, string>({ type: 'string', required: false, rule: `当前版本号，如 3.3.3；不是字符串时按 ${DEFAULT_VERSION_CODE}` }, (value) => ({
      ok: true,
      value: typeof value === 'string' ? value : DEFAULT_VERSION_CODE,
    })),
    // version_code is the wire's own field (PROTOCOL §2: the device's, which inside the wrapper may
    // be a build number): the running version name, when sent, is what is compared.
    version: field<string | undefined, string>({ type: 'string', required: false, rule: '运行中的版本名，如 3.3.3；给出且是点分版本号时按它比较' }, (value) => ({
      ok: true,
      value: typeof value === 'string' ? value.trim() : '',
    })),
  },
  answer: answer(AppVersionInfo, '{ version_name, version_code, min_supported_code, url, size, md5, notes, released_at, has_update, force_update }；没有发布过版本时 code -1 暂无版本信息'),
});

export const getAboutUs = defineCall({
  path: '/api/down/getAboutUs',
  auth: 'none',
  summary: '关于我们页的内容，及已发布的「关于我们」文章条目（/aboutdetail）',
  fields: {},
  answer: answer(
    // The site's details (company, icp, email …) come along as stored: a loose object.
    v.looseObject({ title: v.string(), content: v.string(), version: v.string(), items: lenientList(v.object({ id: positive, slug: v.string(), title: v.pipe(v.string(), v.minLength(1)), summary: v.string() })) }),
    '{ title, content, version（最新版本名）, items: [{ id, slug, title, summary }]（关于我们文章）, …（站点资料，如 company、icp、email） }',
  ),
});

export const agreeH5 = defineCall({
  path: '/api/down/agreeH5',
  auth: 'none',
  summary: '《用户协议》全文（HTML，客户端净化后显示）',
  fields: {},
  answer: answer(SiteText, '{ title, content（HTML）, updated_at }；没有内容时 code -1 暂无内容'),
});

export const userPrivacyH5 = defineCall({
  path: '/api/down/userPrivacyH5',
  auth: 'none',
  summary: '《隐私政策》全文（HTML，客户端净化后显示）及其版本（同意记录按版本：版本变了，读取设备标识前重新征求同意）',
  fields: {},
  answer: answer(PrivacyPolicyText, '{ title, content（HTML）, updated_at, version（政策版本，如 "1"；运营修改政策时递增 site_content.data.version） }；没有内容时 code -1 暂无内容'),
});

/** Where a banner or entry leads: an app path and its query data. */
const Link = v.object({ path: v.string(), data: v.record(v.string(), v.unknown()) });

/** A banner or splash image (promotions). */
const Promotion = v.object({ id: int, title: v.string(), subtitle: v.string(), image: v.string(), link: Link });

/** A home section of games; the schedule's items carry their server, the reservations' their count. */
const HomeGameSection = v.object({
  key: v.string(),
  title: v.string(),
  style: v.picklist(['grid', 'list', 'schedule']),
  more: v.nullable(Link),
  list: v.array(
    v.object({
      ...GameListItem.entries,
      server_id: v.optional(int),
      server_name: v.optional(v.string()),
      open_at: v.optional(instant),
      reserve_count: v.optional(int),
    }),
  ),
});

const HomeTopicSection = v.object({ key: v.string(), title: v.string(), style: v.literal('topics'), more: v.nullable(Link), list: v.array(TopicCard) });

export const getImage = defineCall({
  path: '/api/down/getImage',
  auth: 'none',
  summary: '启动图或首页轮播图',
  fields: { ...PAGE_FIELDS, type: optionalChoice(['splash', 'banner'] as const) },
  answer: answer(page(Promotion), '分页：list: [{ id, title, subtitle, image, link: { path, data } }]；type 缺省为 splash'),
});

export const getAppIndexContent = defineCall({
  path: '/api/down/getAppIndexContent',
  auth: 'none',
  summary: '首页布局：轮播、金刚区入口和各个栏目（今日推荐、0.1折、热门BT、新游首发、今日开服、新游预约、专题、H5、海外），人人相同，最多缓存 10 秒',
  fields: {},
  answer: answer(
    v.object({
      banners: v.array(Promotion),
      navs: v.array(v.object({ key: v.string(), title: v.string(), icon: v.string(), link: Link })),
      sections: v.array(v.variant('style', [HomeGameSection, HomeTopicSection])),
    }),
    '{ banners: [{ id, title, subtitle, image, link }], navs: [{ key, title, icon, link }], sections: [{ key, title, style, more, list }] }',
  ),
});
