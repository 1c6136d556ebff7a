import { useSelector } from '@xstate/react';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import { isInsideWrapper } from '../../../bridge/device-info.ts';
import { callDirect } from '../../../bridge/direct-call.ts';
import { CACHE_MESSAGES, cacheClearMachine, parseCacheSize, type CacheClearAnswer, type CacheMeasure } from '../../../machines/cache-clear.machine.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { showToast } from '../../app/toast.ts';
import { useDownloadList } from '../../features/downloads/use-downloads.ts';
import type { DownloadListActor } from '../../features/downloads/download-runtime.ts';

/** What /systemsetting needs of the page's window (a plain object in tests). */
type Host = Record<string, unknown>;
const windowHost = (): Host => window as unknown as Host;

/** The bridge's answers as the cache machine wants them (getCacheSize / clearCache). */
export function cacheActors(host: Host) {
  return {
    measure: fromPromise<CacheMeasure>(async () => {
      const answer = callDirect(host, 'getCacheSize');
      const size = answer.ok ? parseCacheSize(answer.value) : null;
      return size === null ? { ok: false, message: CACHE_MESSAGES.measureFailed } : { ok: true, size };
    }),
    clear: fromPromise<CacheClearAnswer>(async () => {
      const answer = callDirect(host, 'clearCache');
      return answer.ok && answer.value === '1' ? { ok: true } : { ok: false, message: CACHE_MESSAGES.clearFailed };
    }),
  };
}

/** 清除缓存: only inside the wrapper (see the page). */
export function useCacheClear(host: Host = windowHost()) {
  const actor = useFeatureActor(cacheClearMachine, { implementations: { actors: cacheActors(host), actions: { notify: (_, params) => showToast(params.message) } } });
  const snapshot = useSelector(actor, (current) => current);
  const send = actor.send;
  return {
    size: snapshot.context.size,
    error: snapshot.context.error,
    busy: snapshot.hasTag('busy'),
    clearing: snapshot.matches('clearing'),
    failed: snapshot.matches('failed'),
    confirming: snapshot.matches('confirming'),
    ask: () => send({ type: 'ui.clear' }),
    confirm: () => send({ type: 'ui.confirm' }),
    cancel: () => send({ type: 'ui.cancel' }),
    retry: () => send({ type: 'ui.retry' }),
  };
}

export function useInsideWrapper(): boolean {
  return isInsideWrapper(useRuntime().device);
}

/** 安装后删除安装包 (SPEC §3 ispackage): the download list holds and persists it. */
export function useDeletePackageSetting(list: DownloadListActor): [boolean, (on: boolean) => void] {
  const on = useSelector(list, (snapshot) => snapshot.context.deletePackage);
  return [on, useCallback((value: boolean) => list.send({ type: 'ui.setDeletePackage', value }), [list])];
}

export { useDownloadList };

/**
 * The privacy consent switch: on = agreed. Turning it on opens 个人信息保护指引 (agree there);
 * turning it off asks 撤回隐私政策同意 first.
 */
export function usePrivacyConsent() {
  const runtime = useRuntime();
  const granted = useSyncExternalStore(runtime.privacy.subscribe, () => runtime.privacy.granted());
  const [step, setStep] = useState<'idle' | 'guide' | 'withdraw'>('idle');
  return {
    granted,
    guideOpen: step === 'guide',
    withdrawOpen: step === 'withdraw',
    toggle: (on: boolean) => setStep(on ? 'guide' : 'withdraw'),
    agree: () => {
      runtime.privacy.grant('settings');
      setStep('idle');
    },
    refuse: () => setStep('idle'),
    withdraw: () => {
      runtime.privacy.withdraw();
      setStep('idle');
      showToast('已撤回隐私政策同意');
    },
    keep: () => setStep('idle'),
  };
}

/** The installed app's version inside the wrapper (its device info); null elsewhere. */
export function useWrapperVersion(): string | null {
  const device = useRuntime().device;
  return isInsideWrapper(device) && device?.version ? String(device.version) : null;
}
