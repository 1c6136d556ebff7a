import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** Has a default: optional on insert. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  uuid: string;
  phone: string;
  nickname: string;
  avatar: string;
  password_hash: string | null;
  bd_vid: string | null;
  coins: Generated<number>;
  points: Generated<number>;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
  last_active_at: Timestamp | null;
}

export type SessionEndReason = 'logout' | 'password' | 'elsewhere' | 'disabled';

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 hex of the token; the token itself is never stored. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  ended_reason: SessionEndReason | null;
  ended_at: Timestamp | null;
}

export interface AppVersionsTable {
  id: Generated<number>;
  version_name: string;
  version_code: string;
  min_supported_code: string;
  url: string;
  size: number;
  md5: string;
  notes: string;
  released_at: Timestamp;
}

export interface SiteContentTable {
  key: string;
  title: string;
  content: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  updated_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  app_versions: AppVersionsTable;
  site_content: SiteContentTable;
}
