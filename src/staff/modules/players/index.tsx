import { lazy } from 'react';
import { PLAYER_ADMIN_ROLES } from '../../../../api/protocol/player-admin.ts';
import type { StaffModule } from '../../modules.ts';

/** 玩家管理 (customer service): find a player, see the account, reveal the phone, ban / unban, lift a password lock-out. */
export const playersModule: StaffModule = {
  id: 'players',
  title: '玩家管理',
  roles: PLAYER_ADMIN_ROLES,
  Page: lazy(() => import('./PlayersPage.tsx')),
};
