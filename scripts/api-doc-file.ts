import type * as v from 'valibot';
import { fieldDoc, lenientItem, messagesOf, type AnyCallSpec, type AuthMode } from '../api/protocol/call-spec.ts';
import { ALL_CALL_SPECS } from '../api/protocol/calls/all.ts';
import { ALL_STAFF_CALL_SPECS } from '../api/protocol/staff/all.ts';
import { UNSTORABLE_TEXT_MESSAGE_DOC, UNSTORABLE_TEXT_RULE } from '../api/protocol/text-rule.ts';
import { STAFF_CODE, STAFF_ROLE_NAMES, type AnyStaffCallSpec } from '../api/protocol/staff-call-spec.ts';

/**
 * docs/api.md, the call reference, generated in memory from the calls' declarations
 * (api/protocol/calls/). Shared by `npm run api-doc` and tests/unit/api-doc.test.ts, so both see
 * the same bytes.
 */

export const API_DOC_FILE = 'docs/api.md';

/** The string rule (api/protocol/text-rule.ts), checked before every table of both references. */
const STRING_RULE_LINES = [
  `**字符串规则**（每个调用，在检查下表字段之前，对整个请求体）：${UNSTORABLE_TEXT_RULE}。违反时答 code -1，`,
  `msg 为 \`${UNSTORABLE_TEXT_MESSAGE_DOC}\`（按请求体的字段顺序，第一个违反的顶层字段名；字段名本身含这类字符时以 U+FFFD 代替），调用不执行。`,
];

const AUTH_TEXT: Record<AuthMode, string> = {
  none: 'none — 不需要登录（带了 token 也不读）',
  optional: 'optional — 可不登录；带有效 token 时也读取该玩家（如列表标出已领取、已预约），token 无效时按未登录处理',
  required: 'required — 需要登录；没有或无效的 token 答 104/105/106 等（PROTOCOL §6），不执行调用',
};

/** The URL group of a call: '/api/game/getGameList' → '/api/game'; '/down/appVersion' → '/down'; '/point' → '/point'. */
export function groupOf(path: string): string {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'api' && parts.length > 2) return `/api/${parts[1]}`;
  return parts.length > 1 ? `/${parts[0]}` : path;
}

/** Text for a table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

/** Explicit anchors (<a id>), the same on every Markdown renderer. */
function anchorOf(kind: 'group' | 'call', path: string): string {
  return `${kind}-${path.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

/** What the reference reads of a valibot schema (its public properties). */
interface SchemaParts {
  type: string;
  entries?: Record<string, v.GenericSchema>;
  item?: v.GenericSchema;
  wrapped?: v.GenericSchema;
  options?: readonly unknown[];
  literal?: unknown;
  key?: v.GenericSchema;
  value?: v.GenericSchema;
  pipe?: readonly { type: string }[];
}

/**
 * An answer schema as a TypeScript-like type for the reference: `int` is an integer, `?` a field
 * that may be absent, `…` an object that carries other fields besides.
 */
export function schemaText(schema: v.GenericSchema): string {
  // A lenientList is documented as the array of its items: what the server sends.
  const lenient = lenientItem(schema);
  if (lenient) return arrayText(schemaText(lenient));
  const s = schema as unknown as SchemaParts;
  const text = (inner: unknown) => schemaText(inner as v.GenericSchema);
  switch (s.type) {
    case 'object':
    case 'loose_object': {
      const fields = Object.entries(s.entries ?? {}).map(([name, entry]) => {
        const e = entry as unknown as SchemaParts;
        return e.type === 'optional' ? `${name}?: ${text(e.wrapped)}` : `${name}: ${text(entry)}`;
      });
      if (s.type === 'loose_object') fields.push('…');
      return `{ ${fields.join(', ')} }`;
    }
    case 'array':
      return arrayText(text(s.item));
    case 'nullable':
      return `${text(s.wrapped)} | null`;
    case 'optional':
      return `${text(s.wrapped)} | undefined`;
    case 'picklist':
      return (s.options ?? []).map((o) => JSON.stringify(o)).join(' | ');
    case 'literal':
      return JSON.stringify(s.literal);
    case 'union':
    case 'variant':
      return (s.options ?? []).map(text).join(' | ');
    case 'record':
      return `Record<${text(s.key)}, ${text(s.value)}>`;
    case 'number':
      return s.pipe?.some((action) => action.type === 'integer' || action.type === 'safe_integer') ? 'int' : 'number';
    default:
      return s.type;
  }
}

function arrayText(item: string): string {
  return item.includes(' | ') && !item.startsWith('{') ? `(${item})[]` : `${item}[]`;
}

function callSection(spec: AnyCallSpec, authLine = `- **auth**: ${AUTH_TEXT[spec.auth]}`): string[] {
  const lines = [`<a id="${anchorOf('call', spec.path)}"></a>`, '', `### ${spec.path}`, '', spec.summary, '', authLine];
  const entries = Object.entries(spec.fields.entries);
  if (entries.length === 0) {
    lines.push('- **fields**: 无');
  } else {
    lines.push('- **fields**（按检查顺序；第一个不通过的字段的消息即 code -1 的 msg）：', '');
    lines.push('| # | 字段 | 类型 | 必填 | 规则 | 拒绝消息 |', '|---|---|---|---|---|---|');
    entries.forEach(([name, schema], index) => {
      const doc = fieldDoc(schema);
      const messages = messagesOf(doc);
      lines.push(`| ${index + 1} | \`${name}\` | \`${cell(doc.type)}\` | ${doc.required ? '是' : '否'} | ${cell(doc.rule ?? '—')} | ${messages.length ? messages.map(cell).join(' / ') : '—'} |`);
    });
    lines.push('');
  }
  lines.push(`- **answer** (\`data\`): ${spec.answer.doc}`);
  if (spec.answer.schema) lines.push(`- **answer type**: \`${schemaText(spec.answer.schema)}\``);
  if (spec.pageShowsRefusal) lines.push('- **refusal**: 由页面显示（code -1 不弹 toast）');
  lines.push('');
  return lines;
}

export function generateApiDoc(specs: readonly AnyCallSpec[] = ALL_CALL_SPECS): string {
  const groups = new Map<string, AnyCallSpec[]>();
  for (const spec of [...specs].sort((a, b) => groupOf(a.path).localeCompare(groupOf(b.path), 'en'))) {
    const group = groupOf(spec.path);
    groups.set(group, [...(groups.get(group) ?? []), spec]);
  }
  // Module namespaces list exports alphabetically under Node and in declaration order under Vite:
  // sorted, the file is the same bytes either way.
  for (const calls of groups.values()) calls.sort((a, b) => a.path.localeCompare(b.path, 'en'));
  const lines = [
    '# 调用参考 (call reference)',
    '',
    '<!-- Generated by `npm run api-doc` from api/protocol/calls/ — do not edit by hand; tests/unit/api-doc.test.ts fails when this file is stale. -->',
    '',
    `${specs.length} calls in ${groups.size} groups. Every call is a \`POST\` of a signed (and, by default, encrypted) body as`,
    'PROTOCOL.md describes; `/point` uses the tracking variant. The answer is `{ code, msg, data }`: code 1 (sign-ins 200)',
    'is success with `data` as listed under **answer**; code -1 is a refusal whose `msg` is shown to the player.',
    '',
    'Fields are checked in the order of each table, before the call does anything: the first field that fails answers',
    'code -1 with that field\'s refusal message (a field with two messages answers the first when the field is missing,',
    'the second when it is malformed). Numbers may be sent as JSON numbers or strings of digits unless the type says',
    'otherwise; fields no table lists are ignored. Lists take `page` (from 1) and `limit` (default 20, at most 50) and',
    'answer `{ list, total, page, limit }` (PROTOCOL §10). Refusals that depend on stored data (游戏不存在, 已领取 …) are',
    'named under **answer**.',
    '',
    ...STRING_RULE_LINES,
    'A signed body is used once, whatever path it is sent to: the server remembers each `sign` with its `timestamp` for',
    '600 s (PROTOCOL §4.4) across every call, `/point` and the down calls included, and answers code 101 `签名错误` to the',
    'same pair again — also after a restart (Redis, or on the embedded database a journal in `DATA_DIR`). The sign does not',
    'cover the path, so a client must never sign the same fields twice: its `timestamp`s strictly increase',
    '(`signingClock`, api/protocol/wire.ts: the clock, or the last timestamp + 1; a clock set back by more than 1 s is',
    'followed at once), and a retry is signed afresh.',
    '',
    '## Groups',
    '',
    ...[...groups].map(([group, calls]) => `- [${group}](#${anchorOf('group', group)}): ${calls.map((spec) => `[\`${spec.path.slice(group.length + 1) || spec.path}\`](#${anchorOf('call', spec.path)})`).join(', ')}`),
    '',
  ];
  for (const [group, calls] of groups) {
    lines.push(`<a id="${anchorOf('group', group)}"></a>`, '', `## ${group}`, '');
    for (const spec of calls) lines.push(...callSection(spec));
  }
  return lines.join('\n').replace(/\n+$/, '\n');
}

export const STAFF_API_DOC_FILE = 'docs/staff-api.md';

function rolesText(spec: AnyStaffCallSpec): string {
  if (spec.roles === 'public') return '- **roles**: public — 不需要登录（登录本身）';
  const roles = spec.roles.map((role) => `${role}（${STAFF_ROLE_NAMES[role]}）`).join('、');
  return `- **roles**: ${roles}${spec.csrf ? '' : '；不需要 X-CSRF-Token'}`;
}

/** docs/staff-api.md, the staff calls' reference, from their declarations (api/protocol/staff/). */
export function generateStaffApiDoc(specs: readonly AnyStaffCallSpec[] = ALL_STAFF_CALL_SPECS): string {
  const sorted = [...specs].sort((a, b) => a.path.localeCompare(b.path, 'en'));
  const lines = [
    '# 员工后台调用参考 (staff call reference)',
    '',
    '<!-- Generated by `npm run api-doc` from api/protocol/staff/ — do not edit by hand; tests/unit/api-doc.test.ts fails when this file is stale. -->',
    '',
    `${specs.length} calls. Every staff call is a \`POST\` of a JSON body (\`Content-Type: application/json\`) to its path, with the`,
    '`staff_session` cookie and, except where noted, the session\'s CSRF token in `X-CSRF-Token` (docs/staff-console.md).',
    `The answer is \`{ code, msg, data }\`: ${STAFF_CODE.ok} ok; ${STAFF_CODE.refused} refused (\`msg\` says why); ${STAFF_CODE.notSignedIn} not signed in or the session ended;`,
    `${STAFF_CODE.forbidden} the role may not make the call; ${STAFF_CODE.csrf} the CSRF header is missing or wrong. Fields are checked in the order of each`,
    'table; the first that fails answers code -1 with its message. Admin may make every call.',
    '',
    ...STRING_RULE_LINES,
    '',
  ];
  for (const spec of sorted) lines.push(...callSection(spec, rolesText(spec)));
  return lines.join('\n').replace(/\n+$/, '\n');
}
