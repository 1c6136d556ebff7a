// What `npm test` needs from the machine besides node_modules: Debian's Chromium (e2e, Lighthouse)
// and the Noto CJK fonts (the screenshots show the Chinese UI, and the clipping checks measure real
// glyphs). Installed with apt-get when missing and possible (root, apt-get present); otherwise one
// line says what to install, and `npm test` stops before spending minutes on what cannot pass.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// fc-list comes with Debian's fontconfig package, which a minimal machine may lack even once the
// fonts are installed: then the font files themselves are looked for.
const hasCjkFonts = () => {
  const listed = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  if (listed.status === 0) return /Noto Sans CJK/i.test(listed.stdout);
  try {
    return readdirSync('/usr/share/fonts', { recursive: true }).some((name) => /NotoSansCJK/i.test(String(name)));
  } catch {
    return false;
  }
};

/** The Debian packages still missing, by what is looked for on this machine. */
export function missingPackages({ chromium = CHROMIUM, fonts = hasCjkFonts } = {}) {
  const missing = [];
  if (!existsSync(chromium)) missing.push('chromium');
  if (!fonts()) missing.push('fonts-noto-cjk');
  return missing;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
const hasAptGet = () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

/** Installs what is missing, or says in one line what to install; false when the machine is not ready. */
export function ensureSystemPackages() {
  const missing = missingPackages();
  if (missing.length === 0) return true;
  if (!isRoot() || !hasAptGet()) {
    console.error(`[test] missing: ${missing.join(', ')}. Install them first: sudo apt-get install -y ${missing.join(' ')} (Debian/Ubuntu; or set CHROMIUM_PATH to a Chromium)`);
    return false;
  }
  console.log(`[test] installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  const still = missingPackages();
  if (!install || install.status !== 0 || still.length > 0) {
    console.error(`[test] apt-get could not install: ${(still.length > 0 ? still : missing).join(', ')}. Install them by hand: apt-get install -y ${missing.join(' ')}`);
    return false;
  }
  return true;
}
