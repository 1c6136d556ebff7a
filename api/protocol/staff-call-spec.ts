import * as v from 'valibot';
import { NULL_ANSWER, field, textOf, type Answer, type CallInput, type CallPayload, type CallData, type CallSpec, type Field } from './call-spec.ts';

/**
 * The staff console's calls (docs/staff-console.md). A staff call is a plain JSON POST
 * under /staff/api/ answering `{ code, msg, data }`; it is declared once with defineStaffCall
 * (path, the roles that may make it, its fields with the field helpers of call-spec.ts, its answer)
 * and served on the server with `handleStaff(spec, handler)` (server/staff/calls.ts).
 */

export { ANY_STAFF, STAFF_API_PREFIX, STAFF_CODE, STAFF_MSG, STAFF_NAME_MSG, STAFF_NAME_PATTERN, STAFF_NAME_RULE, STAFF_PASSWORD_MAX, STAFF_ROLE_NAMES, STAFF_ROLES, TOTP_DIGITS, type StaffRole } from './staff-codes.ts';
import { STAFF_API_PREFIX, STAFF_MSG, STAFF_NAME_MSG, STAFF_NAME_PATTERN, STAFF_NAME_RULE, STAFF_PASSWORD_MAX, STAFF_ROLES, TOTP_DIGITS, type StaffRole } from './staff-codes.ts';

/** Who may make a call: some roles (admin is always allowed too), or 'public' (auth/login only). */
export type StaffAccess = readonly StaffRole[] | 'public';

export interface StaffCallSpec<TEntries extends v.ObjectEntries = v.ObjectEntries, TData = unknown, TPath extends string = string> extends CallSpec<TEntries, TData, TPath> {
  roles: StaffAccess;
  /** False only for auth/login and auth/me (they hand the CSRF token out); every other call needs X-CSRF-Token. */
  csrf: boolean;
  /** The request body's limit in bytes when above the staff calls' 64 KB (a file's text, as gifts/importCodes takes). */
  bodyLimit?: number;
}

export type AnyStaffCallSpec = StaffCallSpec<v.ObjectEntries, unknown, string>;

/**
 * Declares a staff call. `path` starts with /staff/api/; `roles` lists the roles allowed besides
 * admin (admin may make every call); `fields` are checked in order before the handler runs, the
 * first failure answering code -1 with its message.
 */
export function defineStaffCall<const TPath extends string, const TEntries extends v.ObjectEntries, TData = null>(spec: {
  path: TPath;
  roles: StaffAccess;
  summary: string;
  fields: TEntries;
  answer?: Answer<TData>;
  /** Defaults to true; only the two calls that hand the token out say false. */
  csrf?: boolean;
  bodyLimit?: number;
}): StaffCallSpec<TEntries, TData, TPath> {
  if (!spec.path.startsWith(STAFF_API_PREFIX) || !/^[a-z0-9/_-]+$/i.test(spec.path)) throw new Error(`staff call path must be under ${STAFF_API_PREFIX}: ${spec.path}`);
  const roles: StaffAccess = spec.roles === 'public' ? 'public' : [...new Set<StaffRole>(['admin', ...spec.roles])];
  return {
    path: spec.path,
    // For the shared call-spec helpers: a staff call never reads a player's token.
    auth: 'none',
    roles,
    csrf: spec.csrf ?? true,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    summary: spec.summary,
    fields: v.object(spec.fields),
    answer: spec.answer ?? ({ doc: '—', schema: NULL_ANSWER } as Answer<unknown> as Answer<TData>),
    // The staff console shows every refusal where it was asked for.
    pageShowsRefusal: false,
  };
}

/**
 * A staff call's answer: the schema of its `data` and one line for the reference, as the player's
 * calls declare theirs (call-spec.ts `answer`). The staff client runs the schema over each answer
 * it decodes (src/staff/api.ts) and server/staff/staff-answers.test.ts runs it over what the server
 * sends; the type of `data` is the schema's output.
 */
export function staffAnswer<const TSchema extends v.GenericSchema>(schema: TSchema, doc: string): Answer<v.InferOutput<TSchema>> {
  return { doc, schema: schema as v.GenericSchema<v.InferOutput<TSchema>> };
}

/** Whether the role may make the call. */
export function roleAllowed(spec: Pick<AnyStaffCallSpec, 'roles'>, role: StaffRole): boolean {
  return spec.roles !== 'public' && (role === 'admin' || spec.roles.includes(role));
}

export type StaffCallInput<TSpec> = CallInput<TSpec>;
export type StaffCallPayload<TSpec> = CallPayload<TSpec>;
export type StaffCallData<TSpec> = CallData<TSpec>;

// ---- Field kinds of the staff calls ----

export function staffName(): Field<string, string> {
  return field({ type: 'string', required: true, rule: STAFF_NAME_RULE, message: [STAFF_MSG.nameRequired, STAFF_NAME_MSG] }, (value) => {
    const t = textOf(value);
    if (t === '') return { ok: false, message: STAFF_MSG.nameRequired };
    return STAFF_NAME_PATTERN.test(t) ? { ok: true, value: t } : { ok: false, message: STAFF_NAME_MSG };
  });
}

/** A sign-in name: any non-empty text (a malformed name is simply a wrong name, with the same answer). */
export function signInName(): Field<string, string> {
  return field({ type: 'string', required: true, rule: '账号名', message: STAFF_MSG.nameRequired }, (value) => {
    const t = textOf(value).slice(0, 64);
    return t === '' ? { ok: false, message: STAFF_MSG.nameRequired } : { ok: true, value: t };
  });
}

export function signInPassword(): Field<string, string> {
  return field({ type: 'string', required: true, rule: `原样比较，最多 ${STAFF_PASSWORD_MAX} 个字符`, message: STAFF_MSG.passwordRequired }, (value) =>
    typeof value === 'string' && value !== '' ? { ok: true, value: value.slice(0, STAFF_PASSWORD_MAX) } : { ok: false, message: STAFF_MSG.passwordRequired },
  );
}

export function totpCode(): Field<string, string> {
  return field({ type: 'string', required: true, rule: `${TOTP_DIGITS} 位数字（身份验证器 App）`, message: [STAFF_MSG.totpRequired, STAFF_MSG.totpFormat] }, (value) => {
    const t = textOf(value).replace(/\s+/g, '');
    if (t === '') return { ok: false, message: STAFF_MSG.totpRequired };
    return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(t) ? { ok: true, value: t } : { ok: false, message: STAFF_MSG.totpFormat };
  });
}

export const ROLE_MSG = '请选择角色';

export function staffRole(): Field<StaffRole, StaffRole> {
  return field({ type: STAFF_ROLES.map((role) => `"${role}"`).join(' | '), required: true, rule: '角色', message: ROLE_MSG }, (value) => {
    const t = textOf(value);
    return (STAFF_ROLES as readonly string[]).includes(t) ? { ok: true, value: t as StaffRole } : { ok: false, message: ROLE_MSG };
  });
}
