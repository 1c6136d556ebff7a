/**
 * The fixed vocabulary the seeded catalogue is composed from. Every name part carries its pinyin
 * (syllables separated by spaces, polyphones resolved by hand: 传奇 chuan, 外传 zhuan, 乐园 le,
 * 乐章 yue …), so search initials ('仙剑奇缘' → 'xjqy') and full pinyin ('xianjianqiyuan') are
 * composed here without a pinyin library. Latin parts ('online') count as one word for both.
 */

export interface NamePart {
  text: string;
  /** Full pinyin, no spaces, lower case. */
  pinyin: string;
  /** First letter of every syllable (a Latin word stays whole). */
  initials: string;
}

function part(entry: string): NamePart {
  const [text, spelled] = entry.split(':') as [string, string];
  const syllables = spelled.split(' ');
  const latin = /^[A-Za-z]+$/.test(text);
  return {
    text,
    pinyin: syllables.join('').toLowerCase(),
    initials: latin ? text.toLowerCase() : syllables.map((s) => s[0]!.toLowerCase()).join(''),
  };
}

export type GenreKey = 'xianxia' | 'chuanqi' | 'sanguo' | 'card' | 'idle' | 'shooter' | 'casual' | 'anime' | 'wuxia' | 'fantasy' | 'strategy' | 'xiyou';

export type Emblem = 'sword' | 'flame' | 'shield' | 'star' | 'mountain' | 'target' | 'heart' | 'moon' | 'cloud' | 'crown' | 'fan' | 'gem';

export interface Genre {
  key: GenreKey;
  /** Category name shown to players (categories table). */
  category: string;
  ageRating: '8+' | '12+' | '16+';
  emblem: Emblem;
  prefixes: NamePart[];
  suffixes: NamePart[];
  /** Opening sentences; {name} is replaced by the game's name. */
  openings: string[];
  features: string[];
  tags: string[];
  captions: string[];
  tagline: string[];
}

const parts = (entries: string) => entries.trim().split(/\s*,\s*/).map(part);

export const GENRES: Genre[] = [
  {
    key: 'xianxia',
    category: '仙侠',
    ageRating: '12+',
    emblem: 'sword',
    prefixes: parts('仙剑:xian jian, 青云:qing yun, 蜀山:shu shan, 问仙:wen xian, 九天:jiu tian, 凌霄:ling xiao, 御剑:yu jian, 太虚:tai xu, 灵剑:ling jian, 玄天:xuan tian'),
    suffixes: parts('奇缘:qi yuan, 情缘:qing yuan, 问道:wen dao, 飞仙:fei xian, 诀:jue, 传说:chuan shuo, 仙途:xian tu, 神话:shen hua, 录:lu, 觉醒:jue xing, 归来:gui lai, 物语:wu yu'),
    openings: ['{name}是一款国风仙侠角色扮演手游，以上古神魔之战为背景，讲述少年踏上修仙之路的传奇故事。', '在{name}的世界里，你将拜入仙门、御剑九天，从凡人一步步修炼成仙。', '{name}采用全新引擎打造水墨仙境，山川云海皆可御剑穿行。'],
    features: ['游戏拥有法宝、灵宠、坐骑、仙侣等丰富养成玩法，自由搭配出专属战斗流派。', '每周开放仙盟争霸与跨服论剑，百人同屏激战，技能特效华丽炫目。', '支持离线挂机修炼，上班上学也能轻松升级。', '结婚系统与师徒传承让修仙之路不再孤单。'],
    tags: ['国风', '修仙', '挂机', '结婚'],
    captions: ['御剑飞行 遨游九天', '仙侣同心 携手问道', '仙盟争霸 百人同屏', '灵宠养成 法宝随身'],
    tagline: ['御剑九天 逍遥问道', '国风修仙 仙侣同行', '水墨仙境 一剑倾城'],
  },
  {
    key: 'chuanqi',
    category: '传奇',
    ageRating: '16+',
    emblem: 'flame',
    prefixes: parts('龙城:long cheng, 沙城:sha cheng, 屠龙:tu long, 热血:re xue, 烈焰:lie yan, 赤月:chi yue, 霸刀:ba dao, 冰雪:bing xue, 玛法:ma fa, 复古:fu gu'),
    suffixes: parts('传奇:chuan qi, 霸业:ba ye, 战歌:zhan ge, 争霸:zheng ba, 归来:gui lai, 合击:he ji, 单职业:dan zhi ye, 三职业:san zhi ye, 王者:wang zhe, online:online, 神途:shen tu, 荣耀:rong yao'),
    openings: ['{name}完美复刻经典1.76版本，战法道三职业重回玛法大陆。', '{name}是一款热血传奇类动作手游，爆装回收、自由交易，装备全靠打。', '兄弟集结，沙城再战！{name}带你重温当年的激情岁月。'],
    features: ['野外BOSS高爆率掉落，顶级装备人人可得，打宝即可回收元宝。', '每晚八点攻城战准时开启，万人同屏争夺沙巴克城主之位。', '装备自由交易，不绑定不贬值，散人玩家也能轻松成长。', '支持自动挂机与一键回收，轻松升级不肝不累。'],
    tags: ['怀旧', '打宝', '攻城', 'PK'],
    captions: ['万人攻沙 激情再现', '高爆BOSS 装备全靠打', '三职业 自由转职', '自由交易 打宝回收'],
    tagline: ['经典复刻 一刀九九九', '装备全靠打 元宝自由交易', '兄弟集结 沙城再战'],
  },
  {
    key: 'sanguo',
    category: '三国',
    ageRating: '12+',
    emblem: 'shield',
    prefixes: parts('三国:san guo, 赤壁:chi bi, 卧龙:wo long, 群雄:qun xiong, 蜀汉:shu han, 江东:jiang dong, 虎牢:hu lao, 铜雀:tong que, 汉末:han mo, 乱世:luan shi'),
    suffixes: parts('霸业:ba ye, 志:zhi, 无双:wu shuang, 争霸:zheng ba, 演义:yan yi, 风云:feng yun, 战记:zhan ji, 群英传:qun ying zhuan, 天下:tian xia, 英雄:ying xiong, 名将:ming jiang, online:online'),
    openings: ['{name}是一款三国题材策略卡牌手游，还原汉末群雄逐鹿的壮阔历史。', '在{name}中，你将招募五虎上将、结交卧龙凤雏，一统天下。', '{name}以真实历史战役为蓝本，千军万马尽在指掌之间。'],
    features: ['数百位三国名将悉数登场，兵种克制与阵容搭配决定胜负。', '大地图实时国战，攻城略地、合纵连横，谋略比数值更重要。', '武将羁绊与缘分系统，重现桃园结义、三顾茅庐等经典场景。', '福利丰富，登录即送SSR名将，首充双倍返还。'],
    tags: ['国战', '武将', '历史', '谋略'],
    captions: ['群雄逐鹿 国战开启', '五虎上将 一骑当千', '排兵布阵 智取天下', '名将收集 羁绊加成'],
    tagline: ['群雄逐鹿 谁主沉浮', '招募名将 一统天下', '真实国战 谋定天下'],
  },
  {
    key: 'card',
    category: '卡牌',
    ageRating: '12+',
    emblem: 'star',
    prefixes: parts('斗罗:dou luo, 星耀:xing yao, 幻灵:huan ling, 契约:qi yue, 神域:shen yu, 秘境:mi jing, 魂师:hun shi, 召唤:zhao huan, 圣域:sheng yu, 万灵:wan ling'),
    suffixes: parts('大陆:da lu, 觉醒:jue xing, 传说:chuan shuo, 纪元:ji yuan, 战记:zhan ji, 物语:wu yu, 之王:zhi wang, 神话:shen hua, 英雄:ying xiong, 对决:dui jue, 守护者:shou hu zhe, 联盟:lian meng'),
    openings: ['{name}是一款策略回合制卡牌手游，收集上百名风格各异的英雄组建最强阵容。', '{name}讲述魂师们在神秘大陆上觉醒武魂、挑战命运的热血故事。', '{name}融合了卡牌收集与Roguelike冒险玩法，每一次探索都有新惊喜。'],
    features: ['英雄技能联动丰富，阵容搭配千变万化，策略深度十足。', '竞技场与跨服天梯每日开放，赛季奖励丰厚。', '支持离线挂机收益，碎片时间也能快速养成。', '开服即送十连抽，保底必出SSR英雄。'],
    tags: ['回合制', '养成', '收集', '策略'],
    captions: ['英雄觉醒 技能连携', '十连必出 SSR降临', '跨服天梯 荣耀之战', '阵容搭配 策略制胜'],
    tagline: ['十连必出SSR', '觉醒武魂 称霸大陆', '策略卡牌 阵容为王'],
  },
  {
    key: 'idle',
    category: '放置',
    ageRating: '8+',
    emblem: 'mountain',
    prefixes: parts('山海:shan hai, 挂机:gua ji, 闲来:xian lai, 悠然:you ran, 云梦:yun meng, 桃源:tao yuan, 长安:chang an, 浮生:fu sheng, 百妖:bai yao, 小小:xiao xiao'),
    suffixes: parts('异闻录:yi wen lu, 修仙:xiu xian, 江湖:jiang hu, 人生:ren sheng, 日记:ri ji, 奇谭:qi tan, 小镇:xiao zhen, 客栈:ke zhan, 传说:chuan shuo, 妖灵:yao ling, 物语:wu yu, 游记:you ji'),
    openings: ['{name}是一款轻松休闲的放置养成手游，离线也能持续获得收益。', '{name}以《山海经》神话为灵感，收集上古异兽，打造属于你的奇幻世界。', '在{name}里，你只需动动手指，就能看着自己的角色一路成长。'],
    features: ['无需长时间在线，每天上线十分钟即可领取全部挂机收益。', '数百种异兽与伙伴等你收集，每只都有独特的技能与外观。', '玩法简单却不失策略，阵容与天赋搭配影响推图速度。', '画风清新治愈，配乐悠扬，适合睡前放松。'],
    tags: ['放置', '休闲', '离线收益', '养成'],
    captions: ['离线挂机 收益不停', '异兽收集 百妖图鉴', '轻松养成 一键升级', '清新画风 治愈放松'],
    tagline: ['上线十分钟 收益一整天', '轻松挂机 快乐修仙', '收集异兽 畅游山海'],
  },
  {
    key: 'shooter',
    category: '射击',
    ageRating: '16+',
    emblem: 'target',
    prefixes: parts('星火:xing huo, 荒野:huang ye, 战地:zhan di, 枪神:qiang shen, 猎鹰:lie ying, 雷霆:lei ting, 末日:mo ri, 钢铁:gang tie, 孤岛:gu dao, 边境:bian jing'),
    suffixes: parts('突击:tu ji, 行动:xing dong, 战场:zhan chang, 防线:fang xian, 生存:sheng cun, 特攻:te gong, 使命:shi ming, 先锋:xian feng, 对决:dui jue, 狙击:ju ji, 出击:chu ji, 风暴:feng bao'),
    openings: ['{name}是一款硬核射击竞技手游，真实弹道与枪械手感带来沉浸式战斗体验。', '{name}将你带到危机四伏的末日废土，搜集物资、组建小队、坚持到最后。', '{name}主打快节奏团队对抗，随时随地来一局五分钟的爽快枪战。'],
    features: ['上百种枪械与配件自由改装，打造专属武器。', '支持四人组队开黑，语音实时沟通，配合决定胜负。', '多张大型地图与昼夜天气变化，每一局都不一样。', '公平竞技，不卖数值，只拼技术。'],
    tags: ['竞技', '组队', '生存', '枪战'],
    captions: ['真实弹道 硬核枪战', '四人组队 开黑上分', '废土求生 搜集物资', '枪械改装 自由搭配'],
    tagline: ['真实弹道 硬核竞技', '组队开黑 五分钟一局', '废土求生 坚持到最后'],
  },
  {
    key: 'casual',
    category: '休闲',
    ageRating: '8+',
    emblem: 'heart',
    prefixes: parts('萌宠:meng chong, 糖果:tang guo, 开心:kai xin, 奇妙:qi miao, 欢乐:huan le, 泡泡:pao pao, 甜甜:tian tian, 猫咪:mao mi, 像素:xiang su, 趣味:qu wei'),
    suffixes: parts('消消乐:xiao xiao le, 乐园:le yuan, 大作战:da zuo zhan, 小镇:xiao zhen, 餐厅:can ting, 农场:nong chang, 派对:pai dui, 跑酷:pao ku, 冒险:mao xian, 岛:dao, 大亨:da heng, 物语:wu yu'),
    openings: ['{name}是一款老少皆宜的休闲益智小游戏，规则简单，上手即玩。', '{name}画风可爱治愈，陪你度过每一段碎片时间。', '欢迎来到{name}！在这里经营、装扮、交友，打造你的梦想家园。'],
    features: ['上千个精心设计的关卡，难度循序渐进，越玩越上头。', '每日签到与限时活动奖励不断，道具领不停。', '支持好友互动与排行榜比拼，和朋友一起玩更有趣。', '体积小巧，不占内存，低配手机也能流畅运行。'],
    tags: ['休闲', '益智', '可爱', '单机'],
    captions: ['可爱画风 治愈身心', '千种关卡 越玩越上头', '好友互动 一起闯关', '装扮家园 打造梦想'],
    tagline: ['轻松一刻 快乐消除', '可爱治愈 随时畅玩', '经营装扮 打造家园'],
  },
  {
    key: 'anime',
    category: '二次元',
    ageRating: '12+',
    emblem: 'gem',
    prefixes: parts('星穹:xing qiong, 幻想:huan xiang, 樱花:ying hua, 少女:shao nv, 绯色:fei se, 苍蓝:cang lan, 梦境:meng jing, 天空:tian kong, 白夜:bai ye, 偶像:ou xiang'),
    suffixes: parts('物语:wu yu, 幻想曲:huan xiang qu, 学院:xue yuan, 之歌:zhi ge, 回响:hui xiang, 彼岸:bi an, 协奏曲:xie zou qu, 乐章:yue zhang, 契约:qi yue, 战记:zhan ji, 进行曲:jin xing qu, 计划:ji hua'),
    openings: ['{name}是一款日系二次元角色扮演手游，由知名画师与声优倾力打造。', '{name}讲述少女们在崩坏的世界中守护彼此、寻找真相的幻想故事。', '在{name}中，你将成为学院的指挥官，与性格各异的少女们并肩作战。'],
    features: ['全角色Live2D动态立绘与全程语音，剧情演出堪比动画番剧。', '即时策略战斗，技能连携与大招演出酣畅淋漓。', '宿舍互动与好感度系统，解锁角色专属剧情。', '开服送限定角色与百抽福利，零氪也能玩得开心。'],
    tags: ['美少女', 'Live2D', '剧情', '声优'],
    captions: ['全程语音 番剧级剧情', 'Live2D 动态立绘', '技能连携 华丽大招', '宿舍互动 好感升级'],
    tagline: ['开服送百抽', '少女与幻想的乐章', 'Live2D 全程语音'],
  },
  {
    key: 'wuxia',
    category: '武侠',
    ageRating: '12+',
    emblem: 'fan',
    prefixes: parts('剑侠:jian xia, 江湖:jiang hu, 侠客:xia ke, 笑傲:xiao ao, 逍遥:xiao yao, 天涯:tian ya, 刀剑:dao jian, 少林:shao lin, 武林:wu lin, 倚天:yi tian'),
    suffixes: parts('情缘:qing yuan, 风云:feng yun, 群侠传:qun xia zhuan, 外传:wai zhuan, 奇侠:qi xia, 行:xing, 令:ling, 录:lu, 恩仇录:en chou lu, 传说:chuan shuo, online:online, 豪侠:hao xia'),
    openings: ['{name}是一款经典武侠MMORPG手游，快意恩仇，仗剑走天涯。', '{name}还原金庸古龙笔下的江湖，七大门派各具特色。', '一壶酒，一把剑，{name}带你重回那个侠骨柔情的武林。'],
    features: ['轻功系统自由探索广阔江湖，飞檐走壁无所不能。', '门派武学自由组合，招式连招打击感十足。', '帮派战、华山论剑等玩法，与兄弟并肩闯荡。', '外观时装精美，侠侣系统让江湖路上有人相伴。'],
    tags: ['江湖', '门派', '轻功', '国风'],
    captions: ['轻功飞檐 逍遥江湖', '七大门派 武学自选', '华山论剑 天下第一', '侠侣同行 快意恩仇'],
    tagline: ['仗剑走天涯', '快意恩仇 侠骨柔情', '重回经典武林'],
  },
  {
    key: 'fantasy',
    category: '魔幻',
    ageRating: '16+',
    emblem: 'moon',
    prefixes: parts('魔域:mo yu, 神魔:shen mo, 暗黑:an hei, 龙族:long zu, 奇迹:qi ji, 圣光:sheng guang, 永恒:yong heng, 深渊:shen yuan, 血族:xue zu, 魔法:mo fa'),
    suffixes: parts('纪元:ji yuan, 觉醒:jue xing, 传说:chuan shuo, 大陆:da lu, 王座:wang zuo, 远征:yuan zheng, 黎明:li ming, 之门:zhi men, 战歌:zhan ge, 英雄:ying xiong, 编年史:bian nian shi, online:online'),
    openings: ['{name}是一款西方魔幻题材的动作角色扮演手游，史诗级剧情跌宕起伏。', '{name}中，光明与黑暗的战争一触即发，勇者们将决定大陆的命运。', '{name}打造暗黑风格的魔幻世界，刷图爆装爽快淋漓。'],
    features: ['战士、法师、游侠、牧师四大职业，转职后解锁全新技能树。', '深渊副本与世界BOSS掉落传说装备，词条随机可洗练。', '公会战与领地争夺，和伙伴们一起称霸大陆。', '坐骑与翅膀外观酷炫，战力与颜值兼得。'],
    tags: ['暗黑', '刷图', '爆装', '公会'],
    captions: ['深渊副本 传说掉落', '四大职业 转职进阶', '公会领地 称霸大陆', '炫酷翅膀 坐骑收集'],
    tagline: ['光与暗的史诗', '刷图爆装 爽快淋漓', '勇者集结 远征深渊'],
  },
  {
    key: 'strategy',
    category: '策略',
    ageRating: '12+',
    emblem: 'crown',
    prefixes: parts('帝国:di guo, 王朝:wang chao, 征途:zheng tu, 文明:wen ming, 列王:lie wang, 部落:bu luo, 领主:ling zhu, 城堡:cheng bao, 大秦:da qin, 大唐:da tang'),
    suffixes: parts('争霸:zheng ba, 崛起:jue qi, 纷争:fen zheng, 霸业:ba ye, 时代:shi dai, 远征:yuan zheng, 风云:feng yun, 荣耀:rong yao, 王座:wang zuo, 天下:tian xia, 征服:zheng fu, 雄心:xiong xin'),
    openings: ['{name}是一款即时战略SLG手游，从一座小城开始建立属于你的帝国。', '{name}中，你将作为领主发展经济、训练军队、外交结盟。', '{name}以真实历史为背景，千城万国同台竞技。'],
    features: ['自由建造城池，资源采集与科技研发环环相扣。', '百万玩家同服大地图，行军路线与战术部署尽在掌控。', '联盟系统支持千人协同作战，攻城掠地荣耀共享。', '赛季制玩法定期重置，新老玩家公平竞争。'],
    tags: ['SLG', '建造', '联盟', '国战'],
    captions: ['建造城池 发展经济', '大地图行军 战术为王', '千人联盟 协同作战', '赛季征战 公平竞技'],
    tagline: ['从一座城到一个帝国', '百万同服 谋略争霸', '合纵连横 称霸天下'],
  },
  {
    key: 'xiyou',
    category: '西游',
    ageRating: '12+',
    emblem: 'cloud',
    prefixes: parts('西游:xi you, 大圣:da sheng, 封神:feng shen, 天庭:tian ting, 悟空:wu kong, 哪吒:ne zha, 神都:shen du, 灵山:ling shan, 天宫:tian gong, 花果山:hua guo shan'),
    suffixes: parts('降魔:xiang mo, 归来:gui lai, 神话:shen hua, 伏魔录:fu mo lu, 奇缘:qi yuan, 榜:bang, 战纪:zhan ji, 外传:wai zhuan, 记:ji, 觉醒:jue xing, 传:zhuan, 无双:wu shuang'),
    openings: ['{name}是一款东方神话题材回合制手游，重走西天取经之路。', '{name}以封神演义为蓝本，阐截两教之争一触即发。', '齐天大圣归来！{name}带你大闹天宫、降妖伏魔。'],
    features: ['经典回合制战斗，宠物捕捉与技能搭配趣味十足。', '师门任务、帮派玩法与跨服竞技，内容丰富耐玩。', '神兽、法宝与坐骑系统，打造独一无二的神仙阵容。', '自由摆摊交易，打金搬砖皆可成为致富之道。'],
    tags: ['回合制', '神话', '宠物', '国风'],
    captions: ['大闹天宫 降妖伏魔', '神兽捕捉 宠物养成', '师徒同心 取经西行', '自由摆摊 打金交易'],
    tagline: ['齐天大圣 再战天宫', '经典回合 神话西游', '降妖伏魔 取经西行'],
  },
];

export type GameKind = 'discount' | 'bt' | 'zero' | 'h5' | 'overseas';

/** Welfare sentences by the kind of the game's main version. */
export const KIND_WELFARE: Record<GameKind, string[]> = {
  discount: ['本平台独家折扣服，充值全程享受超低折扣，续充同样优惠。', '首充即享折上折，平台币与代金券可叠加使用。'],
  bt: ['BT版上线即送VIP，每日免费领取海量元宝与资源。', 'BT福利服开局送满级坐骑，累计充值另有豪礼返利。'],
  zero: ['0.1折超值版本，648元礼包仅需6.48元，平民也能畅玩满V。', '全场充值0.1折，首充、续充统统一个价。'],
  h5: ['H5版本无需下载，点开即玩，手机电脑数据互通。', '即点即玩免安装，不占手机内存。'],
  overseas: ['国际服版本同步海外更新，全球玩家同服竞技。', '海外版本原汁原味，支持多语言切换。'],
};

export const KIND_TAGS: Record<GameKind, string[]> = {
  discount: ['折扣', '首充优惠', '福利'],
  bt: ['BT', '满V', '送元宝', '福利'],
  zero: ['0.1折', '满V', '送648'],
  h5: ['H5', '免下载', '即点即玩'],
  overseas: ['海外', '国际服'],
};

export const KIND_SHORT: Record<GameKind, string[]> = {
  discount: ['充值低至{d}折', '首充{f}折 续充{d}折', '独家折扣 {d}折充值'],
  bt: ['上线送VIP{v}，元宝无限领', '登录送VIP{v}+海量元宝', 'BT福利服 满V开局'],
  zero: ['0.1折充值 648只需6.48', '全场0.1折 平民满V', '0.1折福利服 首充送神装'],
  h5: ['免下载 点开即玩', 'H5即点即玩 数据互通', '无需安装 秒开畅玩'],
  overseas: ['国际服 全球同服', '海外原版 同步更新', '海外版 多语言支持'],
};

export const PLATFORMS = [
  { id: 1, name: '乐玩折扣', short: '折扣', kind: 'discount' },
  { id: 2, name: '乐玩BT', short: 'BT', kind: 'bt' },
  { id: 3, name: '乐玩0.1折', short: '0.1折', kind: 'zero' },
  { id: 4, name: '乐玩H5', short: 'H5', kind: 'h5' },
  { id: 5, name: '乐玩海外', short: '海外', kind: 'overseas' },
] as const satisfies ReadonlyArray<{ id: number; name: string; short: string; kind: GameKind }>;

export const PLATFORM_SUFFIX: Record<GameKind, string> = {
  discount: '（折扣版）',
  bt: '（BT版）',
  zero: '（0.1折）',
  h5: '（H5）',
  overseas: '（海外版）',
};

/** Package name segment per version: com.lewan.<pinyin>.<segment>. */
export const PACKAGE_SEGMENT: Record<GameKind, string> = { discount: 'zk', bt: 'bt', zero: 'yz', h5: 'h5', overseas: 'gj' };

export const COMPANY_CITIES = ['杭州', '广州', '成都', '上海', '厦门', '深圳', '北京', '武汉', '南京', '苏州'];
export const COMPANY_BRANDS = ['星游', '火鸟', '云起', '青木', '蓝鲸', '易玩', '乐动', '灵犀', '墨羽', '天穹', '极光', '赤焰', '白鹭', '九州'];
export const COMPANY_SUFFIXES = ['网络科技有限公司', '互动娱乐有限公司', '信息技术有限公司', '游戏有限公司'];

export const SERVER_NAME_PATTERNS = ['双线{n}服', 'S{n}区', '龙腾{n}服', '凤舞{n}服', '新服{n}区', '火爆{n}服'];
/** China-time hours servers open at. */
export const SERVER_OPEN_HOURS = [9, 10, 11, 14, 16, 18, 19, 20, 21];

export const GIFT_TEMPLATES = [
  { name: '新手礼包', content: ['元宝x{a}', '金币x{b}', '强化石x20', '经验药水x10'], usage: '进入游戏后点击主界面“福利”-“兑换码”，输入礼包码即可领取。', vip: 0 },
  { name: '进阶礼包', content: ['元宝x{b}', '高级强化石x30', '坐骑进阶丹x10', '紫色装备宝箱x2'], usage: '在游戏设置-礼包兑换中输入礼包码，奖励通过邮件发放。', vip: 0 },
  { name: '豪华礼包', content: ['元宝x{c}', '橙色装备宝箱x1', '稀有坐骑x1', '传说碎片x50'], usage: '角色达到30级后，在活动-兑换码界面输入礼包码领取。', vip: 0 },
  { name: 'VIP专属礼包', content: ['元宝x{c}', '专属称号x1', '限定时装x1', '神兽蛋x1'], usage: '角色达到VIP{v}后，在福利-兑换码输入礼包码领取（游戏内校验VIP等级）。', vip: 1 },
];


export const SCREENSHOT_COUNT = { min: 3, max: 5 };
