/**
 * The console's Trusted Types 'default' policy. antd writes its generated style sheets with
 * `styleElement.innerHTML = css` (@rc-component/util's dynamicCSS, under @ant-design/cssinjs), a
 * TrustedHTML sink that the console's `require-trusted-types-for 'script'` refuses as a plain
 * string, which left the console blank. The browser hands such a string to the 'default' policy.
 *
 * This one lets through only text that cannot be markup: a string without '<' parses to text nodes
 * alone (no element, no attribute, no handler), whatever element it is written into, so the
 * guarantee Trusted Types gives the console (no string becomes markup) still holds. Anything with
 * '<' is refused as before. It makes no script or script-URL rule, so those sinks stay closed.
 * The players' app has no 'default' policy (server/security-headers.ts lists it for /staff only).
 */
export const STYLE_TEXT_POLICY = 'default';

/** The rule: the string itself when it holds no '<', otherwise null (the browser then refuses the write). */
export function textOnlyHtml(value: string): string | null {
  return value.includes('<') ? null : value;
}

type PolicyFactory = { createPolicy(name: string, rules: { createHTML: (value: string) => string | null }): unknown };

/** Makes the policy once, where the browser has Trusted Types; before antd writes its first style. */
export function installStyleTextPolicy(): void {
  const factory = (globalThis as { trustedTypes?: PolicyFactory & { defaultPolicy?: unknown } }).trustedTypes;
  if (!factory || factory.defaultPolicy) return;
  factory.createPolicy(STYLE_TEXT_POLICY, { createHTML: textOnlyHtml });
}

installStyleTextPolicy();
