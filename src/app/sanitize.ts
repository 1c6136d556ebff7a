import DOMPurify, { type Config } from 'dompurify';
import { trustedHtml } from './trusted-types.ts';

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style'],
  ALLOW_DATA_ATTR: false,
};

/** An SVG picture (the /testview diagrams): SVG elements and attributes only, no scripts, handlers or foreign content. */
const SVG_CONFIG: Config = { USE_PROFILES: { svg: true }, FORBID_TAGS: ['foreignObject', 'style', 'a', 'image', 'use'] };

export interface SanitizeOptions {
  /** The sanitised content as inert nodes to change (the staff preview replaces outside pictures); sanitised again as it comes back. */
  rewrite?: ((content: DocumentFragment) => void) | undefined;
  /** An SVG picture rather than HTML text. */
  svg?: boolean | undefined;
}

/** Server HTML is sanitised before it is rendered: no scripts, handlers, frames or forms. */
export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  const config = options.svg ? SVG_CONFIG : CONFIG;
  if (!options.rewrite) return DOMPurify.sanitize(html, config);
  const content = DOMPurify.sanitize(html, { ...config, RETURN_DOM_FRAGMENT: true });
  options.rewrite(content);
  const box = document.createElement('div');
  box.append(content);
  return DOMPurify.sanitize(box.innerHTML, config);
}

/**
 * Sanitised HTML for an HTML sink (dangerouslySetInnerHTML): under the page's Trusted Types
 * (require-trusted-types-for 'script') a TrustedHTML made by the 'app-html' policy, which runs
 * sanitizeHtml; a plain string where the browser has no Trusted Types.
 */
export function safeHtml(html: string, options: SanitizeOptions = {}): TrustedHTML | string {
  return trustedHtml(sanitizeHtml, html, options);
}
