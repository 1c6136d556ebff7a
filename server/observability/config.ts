/** Visible ASCII only (no spaces), long enough not to be guessed. */
const SANE_TOKEN = /^[\x21-\x7e]{16,256}$/;

/**
 * METRICS_TOKEN: the bearer token /metrics requires. Unset or blank → null (open outside
 * production, 404 in production). Set but not 16–256 visible ASCII characters → a problem.
 */
export function metricsTokenOf(env: NodeJS.ProcessEnv, problems: string[]): string | null {
  const raw = env.METRICS_TOKEN;
  if (raw === undefined || raw.trim() === '') return null;
  const token = raw.trim();
  if (!SANE_TOKEN.test(token)) {
    problems.push('METRICS_TOKEN must be 16–256 visible ASCII characters (no spaces)');
    return null;
  }
  return token;
}
