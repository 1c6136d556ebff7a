import { useRemoteData } from '../../app/use-remote-data.ts';
import { Link } from '../../app/Link.tsx';
import { safeUrl } from '../../components/game/game-item.ts';
import { LazyImage } from '../../components/media/LazyImage.tsx';
import { TitledSection } from '../../features/games/TitledSection.tsx';
import { TopicList } from '../../features/games/TopicList.tsx';
import { ListingFeed } from '../../features/trade-buy/ListingFeed.tsx';
import '../../features/games/games.css';
import * as calls from '../../../api/protocol/call-refs.ts';

interface HotCard {
  id: number;
  name: string;
  subtitle: string;
  price: number;
  image: string;
}

function decodeCards(value: unknown): HotCard[] {
  const list = typeof value === 'object' && value !== null ? (value as { list?: unknown }).list : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const raw = entry as Record<string, unknown>;
    return typeof raw.id === 'number' && typeof raw.name === 'string'
      ? [{ id: raw.id, name: raw.name, subtitle: typeof raw.subtitle === 'string' ? raw.subtitle : '', price: typeof raw.price === 'number' ? raw.price : 0, image: safeUrl(raw.image) }]
      : [];
  });
}

/**
 * 游戏圈 (SPEC §2 /circle tab): the popular cards, the topics, and 账号交易: search,
 * 我要卖号 / 交易记录, the game, price and sort filters and the listings feed (virtualised, paged).
 */
export default function CirclePage() {
  const hot = useRemoteData('hotCards', calls.card.getHotCard);
  const cards = decodeCards(hot.data);
  return (
    <div className="page games-page">
      <header className="home-header">
        <h1 className="section__title circle__title">
          游戏圈
        </h1>
      </header>
      {cards.length > 0 && (
        <TitledSection id="circle-cards" title="热门卡券">
          <div className="section__scroller">
            {cards.map((card) => (
              <Link key={card.id} className="topic-card" to="/carddetail" data={{ id: card.id }}>
                <LazyImage className="topic-card__banner" src={card.image} alt={card.name} width={750} height={422} />
                <span className="topic-card__title">
                  {card.name} · ¥{card.price}
                </span>
                <span className="topic-card__subtitle">{card.subtitle}</span>
              </Link>
            ))}
          </div>
        </TitledSection>
      )}
      <TitledSection id="circle-topics" title="热门专题">
        <TopicList id="circleTopics" />
      </TitledSection>
      <TitledSection id="circle-trade" title="账号交易">
        <Link className="trade-search" to="/circlesearching" aria-label="搜索账号：搜索游戏名或账号标题">
          搜索游戏名或账号标题
        </Link>
        <div className="trade-entry">
          <Link className="trade-entry__item" to="/submitapplication">
            我要卖号<small>审核通过即可上架</small>
          </Link>
          <Link className="trade-entry__item" to="/traderecord">
            交易记录<small>已购买 · 已出售</small>
          </Link>
        </div>
        <ListingFeed asker="/circle" />
      </TitledSection>
    </div>
  );
}
