import { Link } from '../../app/Link.tsx';
import { useSignedIn } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { AGE_BAND_TEXT, WHY_TEXT } from './rules.ts';
import { SignedOutPrompt } from './SignedOutPrompt.tsx';
import { STEP_ONE, useIdentityCard } from './use-real-name.ts';
import './real-name.css';

/** /realnamecertificatetwo: the account's real-name status, masked, and the rules its age band brings. */

function Status() {
  const identity = useIdentityCard();
  const card = identity.data;
  if (identity.failed) return <LoadFailed message={identity.error} onRetry={identity.retry} />;
  if (!card) return <div className="real-name__card real-name__skeleton skeleton" aria-busy="true" aria-label="加载中" />;
  if (card.status !== 1) {
    return (
      <section className="real-name__card real-name__done">
        <p>您尚未完成实名认证，完成后才能进行在线游戏和充值</p>
        <Link to={STEP_ONE} replace className="real-name__button">
          去认证
        </Link>
      </section>
    );
  }
  const band = card.age_band ? AGE_BAND_TEXT[card.age_band] : null;
  return (
    <>
      <section className="real-name__card real-name__status" aria-label="认证信息">
        <div className="real-name__badge">
          <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
            <circle cx="12" cy="12" r="12" fill="#52c41a" />
            <path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <strong>已认证</strong>
        </div>
        <dl className="real-name__facts">
          <div>
            <dt>姓名</dt>
            <dd>{card.real_name}</dd>
          </div>
          <div>
            <dt>身份证号</dt>
            <dd>{card.id_card}</dd>
          </div>
        </dl>
      </section>
      {band && (
        <section className="real-name__card real-name__rules" aria-label="防沉迷规则">
          <h2 className="real-name__subtitle">年龄段：{band.label}</h2>
          <ul>
            {band.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          {card.age_band !== 'adult' && <p className="real-name__note">{WHY_TEXT}</p>}
        </section>
      )}
    </>
  );
}

export default function RealNameCertificateTwoPage() {
  const signedIn = useSignedIn();
  return (
    <div className="page real-name">
      <PageHeader title="实名认证" />
      {signedIn ? <Status /> : <SignedOutPrompt />}
    </div>
  );
}
