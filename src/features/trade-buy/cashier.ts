/** Leaves for the provider's cashier (the same-origin sandbox cashier is a page of its own; it sends the player back to /orderpay). */
export function openCashier(payUrl: string): void {
  window.location.assign(payUrl);
}
