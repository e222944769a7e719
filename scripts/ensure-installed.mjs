// `npm start` / `npm test` on a fresh clone: install exactly what the lockfile pins, once.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

if (!existsSync('node_modules/.package-lock.json')) {
  console.log('Installing dependencies from package-lock.json (npm ci)...');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}
