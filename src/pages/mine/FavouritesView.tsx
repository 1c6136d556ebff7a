import { PageHeader } from '../../components/PageHeader.tsx';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { GameListView } from '../../features/games/GameListView.tsx';
import { usePagedGames } from '../../features/games/use-paged-games.ts';
import { useOpenLogin } from '../../features/account/use-mine.ts';
import '../../features/games/games.css';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * 我的收藏: the player's favourite games (getMyCollection, newest first, paged), a view of /mine
 * (route data `{ view: 'favourites' }`; SPEC has no favourites route). Signed out, a login prompt.
 */
export function FavouritesView() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <div className="page games-page mine-favourites">
      <PageHeader title="我的收藏" onBack={() => navigate('back')} />
      {signedIn ? <FavouritesList /> : <SignInPrompt />}
    </div>
  );
}

function FavouritesList() {
  const list = usePagedGames('myCollection', calls.collections.getMyCollection);
  return <GameListView list={list} label="我的收藏" emptyMessage="还没有收藏的游戏，去游戏详情页点击“收藏”吧" />;
}

function SignInPrompt() {
  const openLogin = useOpenLogin();
  return (
    <div className="mine-favourites__login">
      <p>登录后查看收藏的游戏</p>
      <button type="button" className="mine-favourites__login-button" onClick={openLogin}>
        登录
      </button>
    </div>
  );
}
