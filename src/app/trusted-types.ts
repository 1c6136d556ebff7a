/**
 * Trusted Types: the page's CSP says `require-trusted-types-for 'script'`, so a
 * string can reach a script-URL or HTML sink only through a policy made here. Where the browser has
 * no Trusted Types (older WebViews), the functions return the plain string.
 *
 * The policies the CSP's `trusted-types` list names (server/security-headers.ts):
 *  - 'app-script-url': this origin's own scripts (the service worker's registration);
 *  - 'app-html': HTML for innerHTML/dangerouslySetInnerHTML, always sanitised (src/app/sanitize.ts);
 *  - 'dompurify': DOMPurify's own, which it makes to parse the HTML it sanitises.
 * Nothing else may make a policy, and there is no 'default' policy: a plain string at a sink is refused.
 */
type ScriptUrlPolicy = { createScriptURL(url: string): unknown };
type HtmlPolicy = { createHTML(html: string, ...args: unknown[]): unknown };
type TrustedTypesFactory = {
  createPolicy(name: string, rules: { createScriptURL?: (url: string) => string; createHTML?: (html: string, ...args: never[]) => string }): ScriptUrlPolicy & HtmlPolicy;
};

/** The browser's Trusted Types factory, or null where it has none. */
function factory(): TrustedTypesFactory | null {
  return (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes ?? null;
}

let scriptUrlPolicy: ScriptUrlPolicy | null | undefined;

/** Only this origin's own scripts (the service worker): anything else throws. */
function checkScriptUrl(url: string): string {
  const parsed = new URL(url, location.href);
  if (parsed.origin !== location.origin) throw new TypeError(`script URL outside this origin refused: ${parsed.origin}`);
  return parsed.href;
}

/** A script URL of this origin, as the sink wants it (TrustedScriptURL where Trusted Types exist). */
export function trustedScriptUrl(url: string): string {
  if (scriptUrlPolicy === undefined) {
    const made = factory();
    scriptUrlPolicy = made ? made.createPolicy('app-script-url', { createScriptURL: checkScriptUrl }) : null;
  }
  if (!scriptUrlPolicy) return checkScriptUrl(url);
  return scriptUrlPolicy.createScriptURL(url) as string;
}

/** Turns a string into HTML fit for a sink; extra arguments go to it unchanged. */
export type HtmlSanitizer<Args extends unknown[]> = (html: string, ...args: Args) => string;

let htmlPolicy: HtmlPolicy | null | undefined;
let htmlSanitizer: HtmlSanitizer<never[]> | undefined;

/**
 * HTML for an HTML sink (dangerouslySetInnerHTML, innerHTML): what `sanitize` makes of `html`, as
 * a TrustedHTML where the browser has Trusted Types (React 19 passes it through to innerHTML).
 * The one 'app-html' policy is made on first use with the first sanitiser given; a different one
 * later is a programming error (the policy would not run it) and throws.
 */
export function trustedHtml<Args extends unknown[]>(sanitize: HtmlSanitizer<Args>, html: string, ...args: Args): TrustedHTML | string {
  const given = sanitize as unknown as HtmlSanitizer<never[]>;
  if (htmlSanitizer === undefined) htmlSanitizer = given;
  else if (htmlSanitizer !== given) throw new TypeError("the 'app-html' policy has another sanitiser");
  if (htmlPolicy === undefined) {
    const made = factory();
    htmlPolicy = made ? made.createPolicy('app-html', { createHTML: given }) : null;
  }
  if (!htmlPolicy) return sanitize(html, ...args);
  return htmlPolicy.createHTML(html, ...args) as TrustedHTML;
}
