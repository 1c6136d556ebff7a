import { formatYuan } from '../../../api/protocol/money.ts';
import { feeOf, TRADE_FEE_MIN_CENTS, TRADE_FEE_RATE_BP, TRADE_MIN_AGE_DAYS, TRADE_MIN_PRICE_CENTS, TRADE_MIN_TOPUP_CENTS } from '../../../api/protocol/trade-rules.ts';
import type { SellRules } from './trade-sell-data.ts';
import './trade-sell.css';

/** Pieces the seller's pages share: the four steps, the conditions, a sub-account's facts. */

export const SELL_STEPS = ['选择小号', '填写信息', '平台审核', '上架出售'] as const;

export function SellSteps() {
  return (
    <ol className="ts-steps" aria-label="出售流程">
      {SELL_STEPS.map((step) => (
        <li key={step} className="ts-steps__step">
          {step}
        </li>
      ))}
    </ol>
  );
}

const percent = (bp: number) => `${bp % 100 === 0 ? bp / 100 : (bp / 100).toFixed(2)}%`;

/** The conditions, with the numbers of the current settings (the defaults before they load). */
export function SellConditions({ rules }: { rules: SellRules | null }) {
  const r = rules ?? { min_age_days: TRADE_MIN_AGE_DAYS, min_topup_cents: TRADE_MIN_TOPUP_CENTS, fee_rate_bp: TRADE_FEE_RATE_BP, fee_min_cents: TRADE_FEE_MIN_CENTS, min_price_cents: TRADE_MIN_PRICE_CENTS, max_price_cents: 0 };
  return (
    <ul className="ts-rules" data-testid="sell-conditions">
      <li>须完成实名认证且已成年</li>
      <li>
        小号创建满{r.min_age_days}天，且在平台累计充值满{formatYuan(r.min_topup_cents)}元
      </li>
      <li>
        出售价格不低于{formatYuan(r.min_price_cents)}元；平台收取成交价的{percent(r.fee_rate_bp)}作为手续费，最低{formatYuan(r.fee_min_cents)}元（例：售价100元，手续费{formatYuan(feeOf(10_000, { rate_bp: r.fee_rate_bp, min_cents: r.fee_min_cents }))}元）
      </li>
      <li>提交后小号冻结（不能充值、登录或再次出售），下架或审核未通过即解冻</li>
      <li>成交后小号立即转给买家，货款在冷静期结束后到账余额（详见出售须知）</li>
    </ul>
  );
}

export function subAccountFacts(sub: { age_days: number; topup_cents: number }): string {
  return `已创建${sub.age_days}天 · 累计充值¥${formatYuan(sub.topup_cents)}`;
}
