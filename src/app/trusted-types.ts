/**
 * Trusted Types (issue 16 item 5): the page's CSP says `require-trusted-types-for 'script'`, so a
 * string can reach a script-URL or HTML sink only through a policy made here. Where the browser has
 * no Trusted Types (older WebViews), the functions return the plain string.
 */
type ScriptUrlPolicy = { createScriptURL(url: string): unknown };
type TrustedTypesFactory = { createPolicy(name: string, rules: { createScriptURL?: (url: string) => string }): ScriptUrlPolicy };

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
    const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
    scriptUrlPolicy = factory ? factory.createPolicy('app-script-url', { createScriptURL: checkScriptUrl }) : null;
  }
  if (!scriptUrlPolicy) return checkScriptUrl(url);
  return scriptUrlPolicy.createScriptURL(url) as string;
}
