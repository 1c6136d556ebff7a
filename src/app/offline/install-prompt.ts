/**
 * The browser's own install offer (beforeinstallprompt: Chromium browsers, once the manifest and
 * the service worker are there). Held here from the offline shell's start (offline-shell.ts), so
 * /bookmarkguide can offer a real 安装 button; Safari never fires it, and its steps stay.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export type InstallState = 'unavailable' | 'available' | 'installed';

let deferred: InstallPromptEvent | null = null;
let state: InstallState = 'unavailable';
const listeners = new Set<() => void>();
const set = (next: InstallState) => {
  state = next;
  listeners.forEach((listener) => listener());
};

export function installState(): InstallState {
  return state;
}

export function onInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let listening = false;
export function listenForInstallPrompt(host: Window = window): void {
  if (listening) return;
  listening = true;
  host.addEventListener('beforeinstallprompt', (event) => {
    // The mini-infobar stays away: the offer is the guide's 安装 button.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    set('available');
  });
  host.addEventListener('appinstalled', () => {
    deferred = null;
    set('installed');
  });
}

/** Shows the browser's install dialog; 'accepted' or 'dismissed' (the offer is spent either way). */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  set(outcome === 'accepted' ? 'installed' : 'unavailable');
  return outcome;
}
