import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's chromium package (CHROMIUM_PATH overrides); never a browser download. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Makes sure Chromium is there, so the browser tests run on a fresh machine too: as root it
 * installs Debian's chromium package (apt-get update first), otherwise it fails saying what to do.
 */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: install Debian's package as root ("apt-get update && apt-get install -y chromium") and run the tests again.`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const run = spawnSync('apt-get', args, { env, encoding: 'utf8', timeout: 15 * 60_000 });
    if (run.status !== 0)
      throw new Error(`apt-get ${args.join(' ')} failed (${run.status ?? run.signal}): ${run.stderr || run.error?.message}`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium, but ${CHROMIUM} is still missing`);
  return CHROMIUM;
}

/**
 * The DOM of a page after its scripts ran, from headless Chromium with a fresh profile and the
 * background networking a closed network refuses switched off.
 */
export async function dumpDom(url: string, options: { language?: string; budgetMs?: number } = {}): Promise<string> {
  const profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${profile}`,
    ...(options.language ? [`--accept-lang=${options.language}`] : []),
    `--virtual-time-budget=${options.budgetMs ?? 15_000}`,
    '--dump-dom',
    url,
  ];
  try {
    // Asynchronous: the app under test answers from this same process.
    return await new Promise<string>((resolve, reject) => {
      execFile(CHROMIUM, args, { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error) reject(new Error(`chromium failed: ${error.message}\n${stderr.slice(-2000)}`));
        else resolve(stdout);
      });
    });
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}
