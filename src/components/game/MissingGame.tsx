import { useNavigate } from '../../app/use-navigation.ts';
import { PageHeader } from '../PageHeader.tsx';
import './missing-game.css';

/** A game page opened without a game id in its route data. */
export function MissingGame({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <div className="missing-game">
      <PageHeader title={title} onBack={() => navigate('back')} />
      <div className="missing-game__body" role="alert">
        <p className="missing-game__message">游戏信息缺失</p>
        <button type="button" className="missing-game__back" onClick={() => navigate('back')}>
          返回
        </button>
      </div>
    </div>
  );
}
