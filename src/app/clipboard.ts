import { showToast } from './toast.ts';

/** Copies text: the async clipboard first, then a selected input and execCommand('copy'). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (no permission, insecure context): fall back below
  }
  const input = document.createElement('input');
  input.value = text;
  input.readOnly = true;
  input.style.position = 'fixed';
  input.style.opacity = '0';
  document.body.append(input);
  input.select();
  input.setSelectionRange(0, text.length);
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  input.remove();
  return copied;
}

export const COPY_MESSAGES = { copied: '复制成功', failed: '复制失败，请长按兑换码手动复制' } as const;

export async function copyWithToast(text: string): Promise<void> {
  showToast((await copyText(text)) ? COPY_MESSAGES.copied : COPY_MESSAGES.failed);
}
