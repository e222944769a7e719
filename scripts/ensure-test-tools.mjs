// `npm test` on a fresh machine: the browser tests drive Debian's Chromium (never a downloaded
// browser). Install it when it is missing and we may (root or sudo with apt-get); otherwise say how.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const has = (cmd) => {
    try {
      execSync(`command -v ${cmd}`, { stdio: 'ignore', shell: '/bin/sh' });
      return true;
    } catch {
      return false;
    }
  };
  const root = process.getuid?.() === 0;
  if (has('apt-get') && (root || has('sudo'))) {
    const sudo = root ? '' : 'sudo ';
    console.log(`Chromium not found at ${chromium}: installing Debian's chromium for the browser tests...`);
    execSync(
      `${sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq --no-install-recommends chromium`,
      {
        stdio: 'inherit',
        shell: '/bin/sh',
      },
    );
  } else {
    console.warn(
      `Chromium not found at ${chromium} and it cannot be installed here: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH; the browser tests will fail without it.`,
    );
  }
}

// The boundary checker (dependency-cruiser with the TypeScript 5 it parses with) has a lockfile of
// its own: see tools/boundaries/package.json.
if (!existsSync('tools/boundaries/node_modules/.package-lock.json')) {
  console.log('Installing the boundary checker from tools/boundaries/package-lock.json (npm ci)...');
  execSync('npm ci --no-audit --no-fund --prefix tools/boundaries', { stdio: 'inherit' });
}
