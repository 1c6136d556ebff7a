import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { checkDraft, checkListingForm } from '../machines/listing-form.rules.ts';
import { listingFormMachine, requestIdOf } from '../machines/listing-form.machine.ts';
import type { UploadCommand } from '../machines/listing-form.types.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, unexplained } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { describeListingFormEvent, getListingFormPaths, inputOf, LISTING_FORM_CALLS, LISTING_FORM_NOT_ON_PATHS, NEW_INPUT } from './listing-form.paths.ts';
import { replayPath } from './replay.ts';

const paths = getListingFormPaths();
const runtime = createCoverageRecorder(listingFormMachine);


/** An uploads actor that records what the form asked of it. */
function recordingUploads() {
  const commands: Array<{ type: string; id: number }> = [];
  const uploads = fromCallback<UploadCommand>(({ receive }) => {
    receive((command) => void commands.push({ type: command.type, id: command.id }));
  });
  return { commands, uploads };
}

describe('listing-form: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(listingFormMachine, paths);
    console.log(`listing-form: ${paths.length} paths, ${formatCoverage(report)}`);
    // The running actor below records what LISTING_FORM_NOT_ON_PATHS names.
    expect(unexplained(report, LISTING_FORM_NOT_ON_PATHS)).toEqual([]);
  });

  const named = paths.map((path, index) => [`#${index + 1} ${inputOf(path).listingId ? 'edit' : 'new'}: ${path.steps.slice(1).map((step) => describeListingFormEvent(step.event)).join(' → ')}`, path] as const);

  it.each(named)('replays %s', async (_, path) => {
    const { commands, uploads } = recordingUploads();
    const sent: string[] = [];
    let commandsBefore = 0;
    await replayPath(listingFormMachine, path, {
      calls: LISTING_FORM_CALLS,
      actors: { uploads },
      input: inputOf(path),
      recorder: runtime,
      // A picked file is compared by what the form keeps of it, not by the File object.
      contextOf: (context) => {
        const { images, ...rest } = context as { images: Array<{ file: unknown }> };
        return { ...rest, images: images.map(({ file: _file, ...image }) => image) };
      },
      beforeStep: () => void (commandsBefore = commands.length),
      check: ({ event, before, snapshot, lastInput }) => {
        const { images } = snapshot.context;
        // Every picked screenshot starts an upload; a retry starts it again; removing one in flight cancels it.
        const issued = commands.slice(commandsBefore);
        if (event.type === 'ui.image.add' && before?.matches('editing')) expect(issued.map((c) => c.type)).toEqual(images.slice(before.context.images.length).map(() => 'upload.start'));
        if (event.type === 'ui.image.retry') expect(issued).toEqual(before?.context.images.find((i: { id: number }) => i.id === 1)?.stage === 'failed' && before.matches('editing') ? [{ type: 'upload.start', id: 1 }] : []);
        if (event.type === 'ui.image.remove') expect(issued).toEqual(before?.context.images.find((i: { id: number }) => i.id === 1)?.stage === 'uploading' && before.matches('editing') ? [{ type: 'upload.cancel', id: 1 }] : []);
        // Only a form that passes every rule reaches the confirm sheet and the server.
        if (snapshot.matches('confirming') || snapshot.matches('submitting')) expect(checkListingForm(snapshot.context).ok).toBe(true);
        if (snapshot.matches('submitting')) {
          sent.push(requestIdOf(snapshot.context));
          expect(lastInput('submit')).toEqual({ payload: (checkListingForm(snapshot.context) as { payload: unknown }).payload, requestId: requestIdOf(snapshot.context) });
        }
        if (snapshot.matches('savingDraft')) expect(lastInput('saveDraft')).toEqual({ payload: (checkDraft(snapshot.context) as { payload: unknown }).payload });
        // A retry after a failure sends the same request id; an answered request renews it.
        if (event.type === 'ui.retry' && before?.matches('failed')) expect(sent.at(-1)).toBe(sent.at(-2));
        if (event.type === 'xstate.done.actor.submit' && before?.matches('submitting')) {
          const output = event.output as { kind: string };
          const answered = output.kind === 'ok' || output.kind === 'toast';
          expect(snapshot.context.serial).toBe(before.context.serial + (answered ? 1 : 0));
        }
        expect(snapshot.hasTag('busy')).toBe(snapshot.matches('loading') || snapshot.matches('submitting') || snapshot.matches('savingDraft'));
      },
    });
  });

  it('took every transition in the running actor too (the eventless load included)', () => {
    const report = runtime.report();
    console.log(`listing-form at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  it('shows the rules’ messages for a form that breaks them and sends nothing', () => {
    const { uploads } = recordingUploads();
    const calls = createDeferredActors(listingFormMachine, LISTING_FORM_CALLS);
    const actor = createActor(listingFormMachine.provide({ actors: { ...calls.actors, uploads } }), { input: { ...NEW_INPUT, prefill: { server_name: '', role_name: '' } } }).start();
    actor.send({ type: 'ui.field', field: 'title', value: '短' });
    actor.send({ type: 'ui.field', field: 'price', value: '5.999' });
    actor.send({ type: 'ui.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ title: '商品标题须为5-30个字', server_name: '请填写区服', role_name: '请填写角色名', price: '价格格式不正确（最多两位小数）', images: '请至少上传1张截图' });
    expect(calls.calls).toEqual([]);
    actor.stop();
  });
});
