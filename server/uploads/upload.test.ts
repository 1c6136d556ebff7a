import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MSG } from '../../api/protocol/calls/profile.ts';
import { startTestS3, type TestS3 } from '../../tests/helpers/s3-server.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { AVATAR_SIDE, MAX_UPLOAD_BYTES, sniffImage, UPLOAD_MSG } from './avatar-image.ts';
import { UPLOAD_TICKET_TTL_MS } from './upload-routes.ts';

const START = Date.UTC(2026, 2, 2, 2, 0, 0);

type Player = { token: string; uuid: string };

let picture = 0;
/** A different picture every time (a pattern from a counter): same-looking avatars share one content-addressed key. */
function solid(width: number, height: number) {
  const seed = ++picture;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (((i / 3) % width) * seed + Math.floor(i / 3 / width) * 7 + (i % 3) * 80) & 255;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}
const png = (width = 640, height = 480) => solid(width, height).png().toBuffer();
const jpeg = (width = 800, height = 600) => solid(width, height).withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-here' } } }).jpeg().toBuffer();
const webp = (width = 300, height = 300) => solid(width, height).webp().toBuffer();

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A decompression bomb: a few KB of PNG that claims 60000×60000 grey pixels (3.6 GB decoded). */
function pngBomb(side = 60_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = deflateSync(Buffer.alloc((side + 1) * 64), { level: 9 }); // the first rows of zeros
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

function suite(kind: 'local folder' | 'S3 (s3rver)') {
  describe(`uploads and avatars, storage: ${kind}`, () => {
    const clock = new ManualClock(START);
    let server: TestServer;
    let s3: TestS3 | null = null;
    let call: ReturnType<typeof wireClient>;
    let serial = 0;
    let alice: Player;
    let bob: Player;

    beforeAll(async () => {
      s3 = kind === 'S3 (s3rver)' ? await startTestS3() : null;
      server = await startTestServer({ now: clock.now, env: s3 ? s3.env : {} });
      call = wireClient(server.url, clock.now);
      alice = await signUp();
      bob = await signUp();
    });
    afterAll(async () => {
      await server.close();
      await s3?.close();
    });

    async function signUp(): Promise<Player> {
      const phone = `1370000${String(++serial).padStart(4, '0')}`;
      expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
      const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
      expect(answer.code).toBe(200);
      return { token: answer.data.token, uuid: answer.data.user_uuid };
    }

    async function ticketOf(player: Player): Promise<string> {
      const answer = await call('/api/upload/getUploadTos', { purpose: 'avatar' }, player);
      expect(answer).toMatchObject({ code: 1, data: { method: 'POST', expires_in: 300, max_bytes: MAX_UPLOAD_BYTES } });
      expect(answer.data.url).toMatch(/^\/upload\/[A-Za-z0-9_-]{43}$/);
      return answer.data.url;
    }

    async function upload(url: string, body: Buffer, player: Player | null, type = 'image/png') {
      const headers: Record<string, string> = { 'content-type': type };
      if (player) Object.assign(headers, { authorization: `Bearer ${player.token}`, 'x-user-uuid': player.uuid });
      const res = await fetch(server.url + url, { method: 'POST', headers, body: new Uint8Array(body) });
      return { status: res.status, cache: res.headers.get('cache-control'), body: (await res.json()) as { code: number; msg: string; data: { key: string; url: string } | null } };
    }

    it('getUploadTos needs a session and a known purpose', async () => {
      expect(await call('/api/upload/getUploadTos', { purpose: 'avatar' })).toMatchObject({ code: 105 });
      expect(await call('/api/upload/getUploadTos', { purpose: 'banner' }, alice)).toEqual({ code: -1, msg: PROFILE_MSG.badPurpose, data: null });
      expect(await call('/api/upload/getUploadTos', {}, alice)).toEqual({ code: -1, msg: PROFILE_MSG.badPurpose, data: null });
    });

    it('re-encodes a PNG to a 256×256 WebP served from /media with long cache headers', async () => {
      const answer = await upload(await ticketOf(alice), await png(640, 480), alice);
      expect(answer).toMatchObject({ status: 200, cache: 'no-store', body: { code: 1, msg: UPLOAD_MSG.uploaded } });
      const { key, url } = answer.body.data!;
      expect(key).toMatch(/^avatars\/[0-9a-f]{64}\.webp$/);
      expect(url).toBe(`/media/${key}`);
      const res = await fetch(server.url + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(sniffImage(bytes)).toBe('webp');
      const metadata = await sharp(bytes).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: AVATAR_SIDE, height: AVATAR_SIDE });
      // Revalidation by ETag; HEAD answers the headers only.
      const again = await fetch(server.url + url, { headers: { 'if-none-match': res.headers.get('etag')! } });
      expect(again.status).toBe(304);
      const head = await fetch(server.url + url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(bytes.length));
    });

    it('takes JPEG (metadata stripped) and WebP too, whatever type is declared', async () => {
      const fromJpeg = await upload(await ticketOf(alice), await jpeg(), alice, 'application/octet-stream');
      expect(fromJpeg.body.code).toBe(1);
      const served = Buffer.from(await (await fetch(server.url + fromJpeg.body.data!.url)).arrayBuffer());
      const metadata = await sharp(served).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(served.includes(Buffer.from('secret-gps-here'))).toBe(false);
      const fromWebp = await upload(await ticketOf(alice), await webp(), alice, 'text/plain');
      expect(fromWebp.body.code).toBe(1);
    });

    it('checks the real bytes: a PNG sent as a JPEG passes, a GIF named .jpg, text, glued magic, a truncated image, 4097 px, an image bomb do not', async () => {
      // "photo.jpg" that is really a PNG: its bytes are a PNG, so it is taken as one.
      const renamed = await upload(await ticketOf(alice), await png(300, 200), alice, 'image/jpeg');
      expect(renamed).toMatchObject({ status: 200, body: { code: 1 } });
      expect(await sharp(Buffer.from(await (await fetch(server.url + renamed.body.data!.url)).arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
      const text = await upload(await ticketOf(alice), Buffer.from('hello, this is not a picture'), alice, 'image/png');
      expect(text).toMatchObject({ status: 415, body: { code: -1, msg: UPLOAD_MSG.notImage } });
      // A "photo.jpg" that is a GIF inside: the declared type does not matter, the magic does.
      const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
      expect(await upload(await ticketOf(alice), gif, alice, 'image/jpeg')).toMatchObject({ status: 415, body: { msg: UPLOAD_MSG.notImage } });
      // A PNG with JPEG magic glued in front is neither.
      const glued = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), await png(32, 32)]);
      expect(await upload(await ticketOf(alice), glued, alice, 'image/jpeg')).toMatchObject({ status: 422, body: { msg: UPLOAD_MSG.corrupt } });
      const whole = await png(400, 400);
      const truncated = whole.subarray(0, Math.floor(whole.length / 2));
      expect(await upload(await ticketOf(alice), truncated, alice)).toMatchObject({ status: 422, body: { msg: UPLOAD_MSG.corrupt } });
      const jpegWhole = await jpeg(400, 400);
      expect(await upload(await ticketOf(alice), jpegWhole.subarray(0, 600), alice)).toMatchObject({ status: 422, body: { msg: UPLOAD_MSG.corrupt } });
      expect(await upload(await ticketOf(alice), await png(4097, 8), alice)).toMatchObject({ status: 422, body: { msg: UPLOAD_MSG.tooWide } });
      expect(await upload(await ticketOf(alice), await png(8, 4097), alice)).toMatchObject({ status: 422, body: { msg: UPLOAD_MSG.tooWide } });
      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(100_000);
      expect(await upload(await ticketOf(alice), bomb, alice)).toMatchObject({ status: 422, body: { msg: UPLOAD_MSG.tooWide } });
      // 4096 a side is allowed.
      expect((await upload(await ticketOf(alice), await png(4096, 16), alice)).body.code).toBe(1);
      expect(await upload(await ticketOf(alice), Buffer.alloc(0), alice)).toMatchObject({ status: 400, body: { msg: UPLOAD_MSG.empty } });
    });

    it('refuses a body over 5 MB with 图片不能超过5MB', async () => {
      const big = Buffer.concat([await png(64, 64), Buffer.alloc(MAX_UPLOAD_BYTES)]);
      expect(await upload(await ticketOf(alice), big, alice)).toMatchObject({ status: 413, body: { code: -1, msg: UPLOAD_MSG.tooLarge } });
    });

    it('a ticket is good once', async () => {
      const url = await ticketOf(alice);
      expect((await upload(url, await png(), alice)).body.code).toBe(1);
      expect(await upload(url, await png(), alice)).toMatchObject({ status: 403, body: { msg: UPLOAD_MSG.badTicket } });
      // A failed upload uses the ticket up as well.
      const other = await ticketOf(alice);
      expect((await upload(other, Buffer.from('nope'), alice)).status).toBe(415);
      expect(await upload(other, await png(), alice)).toMatchObject({ status: 403, body: { msg: UPLOAD_MSG.badTicket } });
    });

    it('a ticket expires after 5 minutes', async () => {
      const late = await ticketOf(alice);
      const inTime = await ticketOf(alice);
      clock.advance(UPLOAD_TICKET_TTL_MS - 1000);
      expect((await upload(inTime, await png(), alice)).body.code).toBe(1);
      clock.advance(2000);
      expect(await upload(late, await png(), alice)).toMatchObject({ status: 403, body: { msg: UPLOAD_MSG.badTicket } });
    });

    it("refuses a made-up ticket, no session, and another player's ticket (which stays the owner's)", async () => {
      expect(await upload('/upload/' + 'A'.repeat(43), await png(), alice)).toMatchObject({ status: 403, body: { msg: UPLOAD_MSG.badTicket } });
      const url = await ticketOf(alice);
      expect(await upload(url, await png(), null)).toMatchObject({ status: 401, body: { code: 105 } });
      expect(await upload(url, await png(), bob)).toMatchObject({ status: 403, body: { msg: UPLOAD_MSG.badTicket } });
      expect((await upload(url, await png(), alice)).body.code).toBe(1);
    });

    it("headerImgEdit sets the player's own upload; another player's key, a URL or a made-up key are refused", async () => {
      const mine = (await upload(await ticketOf(alice), await png(200, 100), alice)).body.data!;
      const bobs = (await upload(await ticketOf(bob), await png(120, 300), bob)).body.data!;
      expect(await call('/api/user/headerImgEdit', { image: mine.key })).toMatchObject({ code: 105 });
      for (const image of [bobs.key, bobs.url, `${server.url}${bobs.url}`, 'https://evil.example/a.png', 'avatars/' + '0'.repeat(64) + '.webp', '', '../x']) {
        expect(await call('/api/user/headerImgEdit', { image }, alice)).toEqual({ code: -1, msg: PROFILE_MSG.badAvatar, data: null });
      }
      expect(await call('/api/user/headerImgEdit', { image: mine.key }, alice)).toEqual({ code: 1, msg: PROFILE_MSG.avatarSaved, data: { avatar: mine.url } });
      expect((await call('/api/user/getUserInfo', {}, alice)).data.avatar).toBe(mine.url);
      // Bob's avatar is untouched (still the generated one).
      expect((await call('/api/user/getUserInfo', {}, bob)).data.avatar).toMatch(/^data:image\/svg\+xml/);
      // The same picture uploaded by both is one object, and each may use it.
      const same = await png(333, 333);
      const a = (await upload(await ticketOf(alice), same, alice)).body.data!;
      const b = (await upload(await ticketOf(bob), same, bob)).body.data!;
      expect(a.key).toBe(b.key);
      expect((await call('/api/user/headerImgEdit', { image: b.key }, bob)).code).toBe(1);
    });

    it('/media answers 404 for unknown or unsafe keys', async () => {
      for (const path of ['/media/avatars/' + 'f'.repeat(64) + '.webp', '/media/../package.json', '/media/%2e%2e/%2e%2e/package.json', '/media/', '/media/Avatars/X.webp']) {
        const res = await fetch(server.url + path);
        expect(res.status, path).toBe(404);
      }
    });
  });
}

describe('logs', () => {
  it('never hold an upload ticket', async () => {
    const lines: string[] = [];
    const clock = new ManualClock(START);
    // debug: the level that logs every request's URL.
    const server = await startTestServer({ now: clock.now, env: { LOG_LEVEL: 'debug' }, logStream: { write: (line) => void lines.push(line) } });
    try {
      const call = wireClient(server.url, clock.now);
      const phone = '13700009999';
      await call('/api/login/sendCode', { phone, type: '1' });
      const login = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
      const player = { token: login.data.token as string, uuid: login.data.user_uuid as string };
      const { url } = (await call('/api/upload/getUploadTos', { purpose: 'avatar' }, player)).data as { url: string };
      const ticket = url.split('/').at(-1)!;
      const res = await fetch(server.url + url, { method: 'POST', headers: { authorization: `Bearer ${player.token}`, 'x-user-uuid': player.uuid }, body: new Uint8Array(await png(64, 64)) });
      expect(res.status).toBe(200);
      const log = lines.join('');
      expect(log).toContain('/upload/[redacted]');
      expect(log).not.toContain(ticket);
      expect(log).not.toContain(player.token);
    } finally {
      await server.close();
    }
  });
});

suite('local folder');
suite('S3 (s3rver)');
