/** The customer-service page (SPEC §2); the offline check runs only when returning to it. */
export const SERVICE_PATH = '/service';

/** How long the '客服消息' banner stays before it hides by itself. */
export const SERVICE_NOTICE_MS = 5_000;

/** The banner's title (SPEC §2 "Notification titled '客服消息'"). */
export const SERVICE_NOTICE_TITLE = '客服消息';

/** /service, with or without a trailing slash. */
export function isServicePath(path: string): boolean {
  return path.replace(/\/+$/, '') === SERVICE_PATH;
}
