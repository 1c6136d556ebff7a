import type { StaffCallDefinition } from '../staff/index.ts';
import { staffHomeContentCalls } from './staff-home-content.ts';
import { staffOpenServerCalls } from './staff-open-servers.ts';

/** The catalogue's staff calls (operators): 开服表 and 首页内容, each in its own file. */
export const staffCatalogCalls: StaffCallDefinition[] = [...staffOpenServerCalls, ...staffHomeContentCalls];
