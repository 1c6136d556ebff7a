import { describe, expect, it } from 'vitest';
import { feeRuleOf, findSubAccount, priceInRules, type SellGames } from './trade-sell-data.ts';

const rules = { min_age_days: 7, min_topup_cents: 3000, fee_rate_bp: 500, fee_min_cents: 500, min_price_cents: 600, max_price_cents: 5_000_000 };
const subAccount = { id: 5, name: '小号1', age_days: 10, topup_cents: 5000, eligible: true, reason: '', listing_id: null, roles: [{ server_name: '一区', role_name: '剑客' }] };
const sellGames: SellGames = { platforms: [{ id: 2, name: '乐玩', games: [{ game_id: 3, platform_game_id: 30, game_name: '示例游戏', game_icon: '/media/i.png', sub_accounts: [subAccount] }] }], rules };

describe('seller page helpers', () => {
  it('sub-accounts are found where they sit; the fee rule and the price range come from the rules', () => {
    expect(findSubAccount(sellGames, 5)?.game.game_name).toBe('示例游戏');
    expect(findSubAccount(sellGames, 6)).toBeNull();
    expect(feeRuleOf(rules)).toEqual({ rate_bp: 500, min_cents: 500 });
    expect(priceInRules(600, rules)).toBe(true);
    expect(priceInRules(599, rules)).toBe(false);
  });
});
