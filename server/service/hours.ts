import type { ServiceStatus } from '../../api/protocol/service-chat.ts';

/** The service hours of PRODUCT.serviceHours ('每日 9:00-23:00'), China time (UTC+8, no DST). */
export const SERVICE_HOURS = { openHour: 9, closeHour: 23, utcOffsetHours: 8 } as const;

export type { ServiceStatus };

/** Online between openHour and closeHour, China time. */
export function isWithinServiceHours(at: Date): boolean {
  const hour = new Date(at.getTime() + SERVICE_HOURS.utcOffsetHours * 3_600_000).getUTCHours();
  return hour >= SERVICE_HOURS.openHour && hour < SERVICE_HOURS.closeHour;
}

/** SERVICE_STATUS fixes the status; 'auto' follows the hours. */
export function serviceStatus(mode: 'online' | 'offline' | 'auto', at: Date): ServiceStatus {
  if (mode !== 'auto') return mode;
  return isWithinServiceHours(at) ? 'online' : 'offline';
}
