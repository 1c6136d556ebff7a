import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { fetchPost, httpGameDelivery, type GameDelivery, type HttpPost } from './delivery.ts';
import { alipayProvider } from './payments/alipay.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { sandboxProvider } from './payments/sandbox.ts';
import { SIM_GAME_DELIVER_PATH } from './sim-game.ts';

/**
 * What the money calls, routes and jobs share per server: the provider PAYMENT_PROVIDER chose,
 * this server's own base URL (MONEY_BASE_URL, else its listening address) for the notification and
 * delivery endpoints, the HTTP client of the senders (tests may replace it) and the game delivery.
 */
export interface MoneyServices {
  provider: PaymentProvider;
  baseUrl: () => string;
  notifyUrl: () => string;
  http: HttpPost;
  game: GameDelivery;
}

const listening = new WeakMap<ServerConfig, FastifyInstance>();
const overrides = new WeakMap<ServerConfig, HttpPost>();

/** Ties a config to its app (the listening address) and, for tests, an HTTP client. */
export function bindMoneyServer(config: ServerConfig, app: FastifyInstance, http?: HttpPost): void {
  listening.set(config, app);
  if (http) overrides.set(config, http);
}

function selfUrl(config: ServerConfig): string {
  if (config.money.baseUrl) return config.money.baseUrl;
  const address = listening.get(config)?.server.address() as AddressInfo | string | null | undefined;
  if (address && typeof address === 'object') {
    const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  }
  return `http://127.0.0.1:${config.port}`;
}

export function moneyServices(config: ServerConfig, now: () => number = Date.now): MoneyServices {
  const baseUrl = () => selfUrl(config);
  const http = overrides.get(config) ?? fetchPost;
  const provider = config.money.provider === 'alipay' && config.money.alipay ? alipayProvider(config.money.alipay, { baseUrl }) : sandboxProvider(config.money.sandboxPayKey);
  return {
    provider,
    baseUrl,
    notifyUrl: () => `${baseUrl()}/pay/notify/${provider.name}`,
    http,
    game: httpGameDelivery({ url: () => config.money.deliveryUrl ?? `${baseUrl()}${SIM_GAME_DELIVER_PATH}`, key: config.money.deliveryKey, http, now: () => new Date(now()) }),
  };
}
