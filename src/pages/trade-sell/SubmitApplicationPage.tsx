import { useState } from 'react';
import { Link } from '../../app/Link.tsx';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { Checkbox } from '../../components/Checkbox.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { MoneySignIn } from '../../features/money/money-parts.tsx';
import { SellConditions, SellSteps } from '../../features/trade-sell/trade-sell-parts.tsx';
import { useSellGames } from '../../features/trade-sell/use-sell-games.ts';

/**
 * /submitapplication (我要卖号): the seller's entry. The four steps, the conditions with the numbers
 * of the current settings (getSellGames().rules), 《出售须知》 (/sellinstruct), an agree box, and
 * 开始出售 → /selectgameplotform; 我的出售 → /sellaccount. Signed out it offers the login popup.
 */

export const AGREE_FIRST = '请先阅读并同意《出售须知》';

export default function SubmitApplicationPage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <div className="money-page">
      <PageHeader title="我要卖号" onBack={() => navigate('back')} />
      <Link className="money-header-link" to="/sellaccount">
        我的出售
      </Link>
      <section className="money-section" aria-label="出售流程">
        <h2 className="money-section__title">出售流程</h2>
        <div style={{ marginTop: 12 }}>
          <SellSteps />
        </div>
      </section>
      {signedIn ? <Start /> : <MoneySignIn text="登录后出售你的游戏小号" />}
    </div>
  );
}

function Start() {
  const navigate = useNavigate();
  const games = useSellGames();
  const [agreed, setAgreed] = useState(false);
  // The reminder waits for an attempt: before the player tried to go on, nothing is wrong yet.
  const [tried, setTried] = useState(false);
  return (
    <>
      <section className="money-section" aria-label="出售条件">
        <h2 className="money-section__title">出售条件</h2>
        <SellConditions rules={games.games?.rules ?? null} />
      </section>
      <div className="ts-agree">
        <Checkbox checked={agreed} onChange={setAgreed} invalid={tried && !agreed}>
          我已阅读并同意<Link to="/sellinstruct">《出售须知》</Link>
        </Checkbox>
      </div>
      <button type="button" className="money-button money-button--block" aria-disabled={!agreed} onClick={() => (agreed ? navigate('/selectgameplotform') : setTried(true))}>
        开始出售
      </button>
      <p className="ts-message" role="alert">
        {tried && !agreed ? AGREE_FIRST : ''}
      </p>
      <div className="ts-link-row">
        <Link to="/sellaccount">我的出售 ›</Link>
      </div>
    </>
  );
}
