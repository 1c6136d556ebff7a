import { describe, expect, it } from 'vitest';
import { createActor, createMachine, SimulatedClock } from 'xstate';
import { createDeferredActors } from '../model-tests/deferred-actors.ts';
import { agreementSheetMachine } from './agreement-sheet.machine.ts';

function setUp() {
  const docs = createDeferredActors(agreementSheetMachine, ['loadDocument']);
  const replies: string[] = [];
  const actor = createActor(
    agreementSheetMachine.provide({
      actors: docs.actors,
      actions: {
        reportAccepted: () => void replies.push('agreement.accepted'),
        reportDismissed: () => void replies.push('agreement.dismissed'),
      },
    }),
    { clock: new SimulatedClock() },
  ).start();
  return { actor, docs, replies, snapshot: () => actor.getSnapshot() };
}

const AGREEMENT = { kind: 'ok', code: 1, msg: '获取成功', data: { title: '用户协议', content: '<h1>用户协议</h1>' } } as const;

describe('agreement sheet', () => {
  it('asks, then reports acceptance and hides', () => {
    const sheet = setUp();
    expect(sheet.snapshot().value).toBe('hidden');
    sheet.actor.send({ type: 'overlay.consent.ask' });
    expect(sheet.snapshot().value).toBe('asking');
    sheet.actor.send({ type: 'ui.agreement.accept' });
    expect(sheet.snapshot().value).toBe('hidden');
    expect(sheet.replies).toEqual(['agreement.accepted']);
  });

  it('reports a dismissal', () => {
    const sheet = setUp();
    sheet.actor.send({ type: 'overlay.consent.ask' });
    sheet.actor.send({ type: 'ui.agreement.dismiss' });
    expect(sheet.replies).toEqual(['agreement.dismissed']);
  });

  it('ignores accept and dismiss while hidden', () => {
    const sheet = setUp();
    sheet.actor.send({ type: 'ui.agreement.accept' });
    sheet.actor.send({ type: 'ui.agreement.dismiss' });
    expect(sheet.replies).toEqual([]);
  });

  it('loads the chosen document from the server and shows its title and HTML', async () => {
    const sheet = setUp();
    sheet.actor.send({ type: 'ui.doc.open', doc: 'agreement' });
    expect(sheet.snapshot().matches({ viewing: 'loading' })).toBe(true);
    expect(sheet.snapshot().hasTag('busy')).toBe(true);
    expect(sheet.docs.lastInput('loadDocument')).toEqual({ doc: 'agreement' });
    await sheet.docs.resolve('loadDocument', AGREEMENT);
    expect(sheet.snapshot().matches({ viewing: 'loaded' })).toBe(true);
    expect(sheet.snapshot().context).toMatchObject({ doc: 'agreement', title: '用户协议', html: '<h1>用户协议</h1>', error: null });
  });

  it('closing the viewer returns to where it was opened from', async () => {
    const fromPanel = setUp();
    fromPanel.actor.send({ type: 'ui.doc.open', doc: 'privacy' });
    fromPanel.actor.send({ type: 'ui.doc.close' });
    expect(fromPanel.snapshot().value).toBe('hidden');
    const fromSheet = setUp();
    fromSheet.actor.send({ type: 'overlay.consent.ask' });
    fromSheet.actor.send({ type: 'ui.doc.open', doc: 'privacy' });
    expect(fromSheet.docs.lastInput('loadDocument')).toEqual({ doc: 'privacy' });
    fromSheet.actor.send({ type: 'ui.doc.close' });
    expect(fromSheet.snapshot().value).toBe('asking');
    expect(fromSheet.docs.isPending('loadDocument')).toBe(false);
  });

  it('fails with the server message or Error, and retries', async () => {
    const sheet = setUp();
    sheet.actor.send({ type: 'ui.doc.open', doc: 'agreement' });
    await sheet.docs.resolve('loadDocument', { kind: 'toast', code: -1, msg: '暂无数据', data: null, show: true });
    expect(sheet.snapshot().matches({ viewing: 'failed' })).toBe(true);
    expect(sheet.snapshot().context.error).toBe('暂无数据');
    sheet.actor.send({ type: 'ui.doc.retry' });
    expect(sheet.snapshot().matches({ viewing: 'loading' })).toBe(true);
    await sheet.docs.reject('loadDocument', new Error('offline'));
    expect(sheet.snapshot().context.error).toBe('Error');
    sheet.actor.send({ type: 'ui.doc.retry' });
    await sheet.docs.resolve('loadDocument', AGREEMENT);
    expect(sheet.snapshot().context).toMatchObject({ title: '用户协议', error: null });
  });

  it('replies to the actor that invoked it', () => {
    const received: string[] = [];
    const parent = createMachine({
      invoke: { id: 'agreement', src: agreementSheetMachine },
      on: {
        'agreement.accepted': { actions: () => void received.push('accepted') },
        'agreement.dismissed': { actions: () => void received.push('dismissed') },
      },
    });
    const actor = createActor(parent).start();
    const child = actor.getSnapshot().children.agreement!;
    child.send({ type: 'overlay.consent.ask' });
    child.send({ type: 'ui.agreement.accept' });
    child.send({ type: 'overlay.consent.ask' });
    child.send({ type: 'ui.agreement.dismiss' });
    expect(received).toEqual(['accepted', 'dismissed']);
  });
});
