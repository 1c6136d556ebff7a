import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Withdrawals. Listed in migrations.ts as '0020_withdrawals'.
 * - withdrawals: one request of a player to move 收益 (source 'income') or the withdrawable part
 *   of 余额 ('wallet') to an Alipay account. States submitted → approved → paid | rejected (from
 *   submitted or approved); each change is a conditional update in the transaction of its ledger
 *   posting (server/withdrawals/withdrawals.ts). (user_id, request_id) is unique: a retried
 *   submit finds the first request. The payee's name is sealed (AES-256-GCM, as the real name).
 * - The old 钱包说明 text (money_instruction) becomes the wallet-and-income explanation: its row
 *   is removed while it still has the seed's old title, so the seed writes the new text.
 */
export const withdrawalsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('withdrawals')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('request_id', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('income', 'wallet')`))
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
      .addColumn('alipay_account', 'text', (c) => c.notNull())
      .addColumn('payee_name_sealed', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('submitted').check(sql`status in ('submitted', 'approved', 'paid', 'rejected')`))
      .addColumn('reject_reason', 'text')
      .addColumn('payout_ref', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('approved_at', 'timestamptz')
      .addColumn('approved_by', 'integer')
      .addColumn('paid_at', 'timestamptz')
      .addColumn('paid_by', 'integer')
      .addColumn('rejected_at', 'timestamptz')
      .addColumn('rejected_by', 'integer')
      .addUniqueConstraint('withdrawals_user_request', ['user_id', 'request_id'])
      .execute();
    await db.schema.createIndex('withdrawals_user_created').on('withdrawals').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('withdrawals_status_created').on('withdrawals').columns(['status', 'created_at']).execute();
    await sql`delete from site_content where key = 'money_instruction' and title = '余额与乐玩币说明'`.execute(db);
  },
};
