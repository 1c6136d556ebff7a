import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext } from '@playwright/test';
import { signInStaffApi } from './staff.ts';
import { type Account, wireCall } from './wire.ts';

/**
 * 小号交易 made through the real calls for the specs that need a listing or a trade: a sellable
 * sub-account from the test build's fixture, real screenshots through the 'trade' upload, a
 * reviewer's approval through the console's API, a purchase paid at the sandbox cashier.
 */

const PNG = new URL('./fixtures/feedback-screenshot.png', import.meta.url);

type Credentials = Pick<Account, 'token' | 'uuid'>;

/** One screenshot through the players' upload path (getUploadTos purpose trade → POST bytes): its key. */
export async function uploadScreenshot(base: string, player: Credentials): Promise<string> {
  const ticket = await wireCall(base, '/api/upload/getUploadTos', { purpose: 'trade' }, player);
  expect(ticket.code, ticket.msg).toBe(1);
  const res = await fetch(base + (ticket.data.url as string), {
    method: 'POST',
    headers: { 'content-type': 'image/png', authorization: `Bearer ${player.token}`, 'x-user-uuid': player.uuid },
    body: new Uint8Array(await readFile(PNG)),
  });
  const body = (await res.json()) as { code: number; msg: string; data: { key: string } };
  expect(body.code, body.msg).toBe(1);
  expect(body.data.key).toMatch(/^trade\/[0-9a-f]{32}\.webp$/);
  return body.data.key;
}

/** A sellable sub-account (test fixture) listed for review: its listing id. */
export async function listForReview(base: string, seller: Credentials, title: string, priceCents: number): Promise<number> {
  const made = await wireCall(base, '/api/trade/makeTestSubAccount', {}, seller);
  expect(made.code, made.msg).toBe(1);
  const role = (made.data.sub_account.roles as { server_name: string; role_name: string }[])[0];
  const images = [await uploadScreenshot(base, seller), await uploadScreenshot(base, seller)];
  const submitted = await wireCall(
    base,
    '/api/trade/submitListing',
    {
      request_id: randomUUID(),
      sub_account_id: made.data.sub_account.id,
      title,
      server_name: role?.server_name || '双线一区',
      role_name: role?.role_name || '测试角色',
      description: '全身橙装，坐骑齐全\n诚心出售',
      images,
      second_password_mode: 'set',
      second_password: 'Pw-2026!',
      price_cents: priceCents,
    },
    seller,
  );
  expect(submitted.code, submitted.msg).toBe(1);
  expect(submitted.data.listing.status).toBe('reviewing');
  return submitted.data.listing.id as number;
}

/**
 * A listing of `seller` sold to `buyer`: listed, approved by the reviewer (signed in on `staff`, a
 * request context of the worker's server), bought and paid at the sandbox cashier. Answers the
 * trade id once the trade is in its cooling-off period.
 */
export async function sellListing(base: string, staff: APIRequestContext, seller: Credentials, buyer: Credentials, title: string, priceCents: number): Promise<number> {
  const listingId = await listForReview(base, seller, title, priceCents);
  const { csrf } = await signInStaffApi(staff, 'reviewer');
  const approved = (await (await staff.post('/staff/api/trading/approve', { data: { id: listingId }, headers: { 'x-csrf-token': csrf } })).json()) as { code: number; msg: string };
  expect(approved.code, approved.msg).toBe(1);
  return buyApprovedListing(base, buyer, listingId);
}

/** `buyer` buys an approved listing and pays at the sandbox cashier; answers the trade id once it is cooling off. */
export async function buyApprovedListing(base: string, buyer: Credentials, listingId: number): Promise<number> {
  const order = await wireCall(base, '/api/trade/buyListing', { idempotency_key: randomUUID(), listing_id: listingId, pay_method: 'provider' }, buyer);
  expect(order.code, order.msg).toBe(1);
  expect((await fetch(`${base}${order.data.pay_url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  let tradeId = 0;
  await expect
    .poll(async () => {
      const view = await wireCall(base, '/api/trade/getTrade', { order_number: order.data.order_number }, buyer);
      tradeId = view.code === 1 ? (view.data.id as number) : 0;
      return view.code === 1 ? view.data.status : view.msg;
    })
    .toBe('cooling');
  return tradeId;
}
