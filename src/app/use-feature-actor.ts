import { useEffect, useLayoutEffect, useState } from 'react';
import { createActor, type ActorRefFrom, type AnyActorRef, type AnyStateMachine, type InputFrom } from 'xstate';
import { stopKeepingState } from './keep-state.ts';
import { useOptionalRuntime } from './runtime-context.tsx';

/** What `machine.provide()` takes: actors, actions, guards, delays. */
export type Implementations<M extends AnyStateMachine> = Parameters<M['provide']>[0];

export interface FeatureActorOptions<M extends AnyStateMachine> {
  /** The machine's input; read when the actor (re)starts. */
  input?: NoInfer<InputFrom<M>>;
  /**
   * Implementations that close over props or the runtime. They are swapped into the running actor
   * after every render, so a changed callback is used by the next action or invoke without a restart.
   */
  implementations?: NoInfer<Implementations<M>>;
  /**
   * When any of these values changes (Object.is), the actor is stopped and a fresh one starts with
   * the current input: a list whose payload changed loads the new payload. Defaults to the input
   * (compared as JSON), so a machine whose input changed never keeps the old input's data.
   */
  restartOn?: readonly unknown[];
}

type Generation<M extends AnyStateMachine> = { key: readonly unknown[]; machine: M; actor: AnyActorRef };

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/**
 * The one way a view runs a feature machine (ARCHITECTURE "One way to do each thing").
 *
 * @xstate/react's useActorRef keeps its first actor when the machine object changes: it carries the
 * old actor's state into the new one and never reads the new input, so rebuilding a machine in
 * useMemo (or remounting with key=) was the only way to follow a changed payload. Here the logic is
 * taken once per actor (the machine given, or a factory called when the actor starts),
 * implementations are read on every render, and a changed `restartOn` starts a fresh actor of the
 * same machine and id, so the event log and /testview name it as before. The runtime's inspector
 * sees every actor it starts (the staff console, which has no players' runtime, runs them uninspected).
 */
export function useFeatureActor<M extends AnyStateMachine>(logic: M | (() => M), options: FeatureActorOptions<M> = {}): ActorRefFrom<M> {
  // The staff console has no players' runtime: its actors run without the inspector.
  const inspect = useOptionalRuntime()?.inspect;
  const key = options.restartOn ?? [JSON.stringify(options.input ?? null)];
  const { input, implementations } = options;

  const start = (): Generation<M> => {
    // A factory runs once per actor (its id may come from props); a machine object is used as is.
    const machine = typeof logic === 'function' ? logic() : logic;
    const provided = implementations ? (machine.provide(implementations as never) as M) : machine;
    const actor = createActor(provided, { inspect, ...(input === undefined ? {} : { input }) } as never) as AnyActorRef;
    return { key, machine, actor };
  };

  const [generation, setGeneration] = useState<Generation<M>>(start);
  let { machine, actor } = generation;
  if (!sameKey(generation.key, key)) {
    // A render-time update (React's "storing information from previous renders"): the stale actor's
    // effect cleanup stops it and the fresh one starts in the effect below.
    const next = start();
    ({ machine, actor } = next);
    setGeneration(next);
  }

  useLayoutEffect(() => {
    if (!implementations) return;
    // The running machine reads implementations by name when it acts or invokes, so the newest
    // closures (props, runtime) take part without restarting the actor.
    const base = machine.implementations;
    const latest = implementations as Partial<AnyStateMachine['implementations']>;
    (actor as unknown as { logic: AnyStateMachine }).logic.implementations = {
      actors: { ...base.actors, ...latest.actors },
      actions: { ...base.actions, ...latest.actions },
      guards: { ...base.guards, ...latest.guards },
      delays: { ...base.delays, ...latest.delays },
    };
  });

  useEffect(() => {
    actor.start();
    return () => stopKeepingState(actor);
  }, [actor]);

  return actor as ActorRefFrom<M>;
}
