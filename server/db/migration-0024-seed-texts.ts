import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Two seeded broadcasts (server/db/seed-messages.ts) told what the product does not do: 账号出售须知
 * asked sellers to remove their real-name information, though only verified adults may sell and
 * what is sold is a game sub-account (the seller's own account, phone and real name stay); 交易安全提醒
 * spoke of the buyer confirming before the money is released, though it is released after the
 * cooling-off. The seed posts a broadcast once (by source_ref), so databases seeded before keep the
 * old texts: rewritten here, only where the row still holds the old text word for word (an
 * operator's edit stays). Listed in migrations.ts as '0024_seed_texts'.
 */
export const SEED_TEXT_FIXES: ReadonlyArray<{ ref: string; before: string; after: string }> = [
  {
    ref: 'seed:message:sell-guide',
    before: '出售账号前请解除账号的手机绑定和实名信息；上架的账号经审核通过后展示在游戏圈，成交后货款扣除手续费进入您的余额。',
    after: '出售账号须完成实名认证且已成年。出售的是游戏小号，成交后小号转入买家账号，您的乐玩账号、手机绑定和实名信息都不变。上架的小号经审核通过后展示在游戏圈；成交后经过冷静期，货款扣除手续费进入您的余额。',
  },
  {
    ref: 'seed:message:trade-safety',
    before: '账号交易请务必通过平台担保完成：买家付款后由平台托管，卖家交付账号、买家确认后才会放款。任何要求私下转账的行为都是诈骗，请立即举报。',
    after: '账号交易请务必通过平台担保完成：买家付款后货款由平台托管，小号即时转入买家账号，冷静期内没有售后纠纷才会放款给卖家。任何要求私下转账的行为都是诈骗，请立即举报。',
  },
];

export const seedTextsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const fix of SEED_TEXT_FIXES) {
      await sql`update messages set content = ${fix.after} where source_ref = ${fix.ref} and user_id is null and content = ${fix.before}`.execute(db);
    }
  },
};
