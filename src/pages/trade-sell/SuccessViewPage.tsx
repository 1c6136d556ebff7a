import { Link } from '../../app/Link.tsx';
import { useNavigate } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import '../../features/money/money.css';
import '../../features/trade-sell/trade-sell.css';

/** /successview (已提交审核): what happens next, and the way to 我的出售 or the trading feed. */
export default function SuccessViewPage() {
  const navigate = useNavigate();
  return (
    <div className="money-page">
      <PageHeader title="提交成功" onBack={() => navigate('back')} />
      <div className="ts-done" role="status">
        <span className="ts-done__mark" aria-hidden="true">
          ✓
        </span>
        <h2>已提交审核</h2>
        <p className="money-muted">平台会尽快审核你的商品，审核结果会通过消息通知你。</p>
      </div>
      <section className="money-section" aria-label="接下来">
        <h2 className="money-section__title">接下来</h2>
        <ul className="ts-rules">
          <li>审核期间小号已冻结：不能充值、登录或再次出售</li>
          <li>审核通过后商品上架，在交易圈展示给买家</li>
          <li>审核未通过会告诉你原因，修改后可重新提交</li>
          <li>成交后小号转给买家，货款在冷静期结束后到账余额</li>
        </ul>
      </section>
      <div className="ts-actions">
        <Link className="money-button money-button--ghost" to="/sellaccount" replace>
          我的出售
        </Link>
        <Link className="money-button" to="/circle" replace>
          去交易圈
        </Link>
      </div>
    </div>
  );
}
