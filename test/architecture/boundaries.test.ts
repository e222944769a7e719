import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of the repository are the rules in .dependency-cruiser.cjs, one per
 * boundary. This runs them over the code, and over probe files laid out as in the repo (in a
 * temporary folder, so nothing is written into the working tree) to show each rule fires on a
 * deliberate violation and lets the allowed imports through.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEPCRUISE = path.join(ROOT, 'tools/boundaries/node_modules/.bin/depcruise');
const SCOPE = ['contracts', 'services', 'gateway', 'frontend/src', 'scripts/embedded'];

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: { name: string }[];
}

function cruise(cwd: string, config: string, scope: string[]): Violation[] {
  const run = spawnSync(DEPCRUISE, ['--config', config, '--output-type', 'json', ...scope], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`depcruise printed nothing: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

/** Probe files: each line imports one thing; `// ok` lines must pass every rule. */
const PROBES: Record<string, string> = {
  'contracts/src/index.ts': 'export const MSG = {};\n',
  'contracts/package.json': '{ "name": "@vanhop/contracts", "type": "module", "exports": { ".": "./src/index.ts" } }',
  'services/platform/package.json':
    '{ "name": "@vanhop/platform", "type": "module", "exports": { ".": "./src/index.ts" } }',
  'services/platform/src/index.ts': 'export const kit = 1;\n',
  'node_modules/express/package.json': '{ "name": "express", "main": "index.js" }',
  'node_modules/express/index.js': 'module.exports = {};\n',
  'services/booking/src/domain/record.ts': 'export const record = 1;\n',
  'services/booking/src/domain/probe.ts': [
    "import { kit } from '@vanhop/platform';",
    "import express from 'express';",
    "import { repo } from '../adapters/repo.js';",
    "import { MSG } from '@vanhop/contracts'; // ok",
    "import { record } from './record.js'; // ok",
  ].join('\n'),
  'services/booking/src/adapters/repo.ts':
    "import { record } from '../domain/record.js';\nexport const repo = record;\n",
  'services/booking/src/http/routes.ts': 'export const routes = 1;\n',
  'services/booking/src/app/probe.ts': [
    "import { routes } from '../http/routes.js';",
    "import { kit } from '@vanhop/platform'; // ok",
  ].join('\n'),
  'services/booking/src/app/cycle-a.ts': "import { b } from './cycle-b.js';\nexport const a = 1;\n",
  'services/booking/src/app/cycle-b.ts': "import { a } from './cycle-a.js';\nexport const b = 1;\n",
  'services/quote/src/http/probe.ts': "import type { repo } from '../../../booking/src/adapters/repo.js';\n",
  'services/quote/src/adapters/repo.ts': 'export const own = 1;\n',
  'services/quote/src/app/probe.ts': "import type { own } from '../adapters/repo.js';\n",
  'services/quote/src/app/use-case.ts': 'export interface Port { run(): void }\n',
  'services/quote/src/adapters/port-probe.ts': "import type { Port } from '../app/use-case.js';\n",
  'services/payment/src/adapters/probe.ts': "import { record } from '../../../booking/src/domain/record.js';\n",
  'services/platform/src/probe.ts': "import { record } from '../../booking/src/domain/record.js';\n",
  'contracts/src/probe.ts': "import { record } from '../../services/booking/src/domain/record.js';\n",
  'frontend/src/ui/Button.tsx': 'export const Button = 1;\n',
  'frontend/src/ui/Probe.tsx': "import { Home } from '../features/home/Home';\n",
  'frontend/src/testing/fakeApi.ts': 'export const fakeApi = 1;\n',
  'frontend/src/features/home/Home.tsx': "import { fakeApi } from '../../testing/fakeApi';\nexport const Home = 1;\n",
  'frontend/src/features/home/Home.test.tsx': [
    "import { fakeApi } from '../../testing/fakeApi'; // ok",
    "import { Home } from './Home'; // ok",
  ].join('\n'),
  'frontend/src/features/booking/steps/Probe.tsx': [
    "import { Home } from '../../home/Home';",
    "import { Button } from '../../../ui/Button'; // ok",
  ].join('\n'),
  'frontend/src/features/staff/drivers/Page.tsx': "import { session } from '../admin/session'; // ok\n",
  'frontend/src/features/staff/admin/session.ts': 'export const session = 1;\n',
  'frontend/src/lib/probe.ts': "import { record } from '../../../services/booking/src/domain/record.js';\n",
  'frontend/src/app/App.tsx': "import { Home } from '../features/home/Home'; // ok\nexport const App = 1;\n",
  'frontend/src/main.tsx': "import { App } from './app/App'; // ok\n",
  'frontend/src/features/home/Menu.tsx': "import { App } from '../../app/App';\n",
};

/** Each rule, with the probe import it must flag (as `from → to`). */
const EXPECTED: [rule: string, from: string, to: string][] = [
  ['domain-imports-no-platform', 'services/booking/src/domain/probe.ts', 'services/platform/src/index.ts'],
  ['domain-imports-no-framework', 'services/booking/src/domain/probe.ts', 'node_modules/express/index.js'],
  ['domain-imports-no-outer-layer', 'services/booking/src/domain/probe.ts', 'services/booking/src/adapters/repo.ts'],
  ['app-imports-no-http', 'services/booking/src/app/probe.ts', 'services/booking/src/http/routes.ts'],
  ['ports-not-adapters', 'services/quote/src/app/probe.ts', 'services/quote/src/adapters/repo.ts'],
  [
    'adapters-implement-domain-ports',
    'services/quote/src/adapters/port-probe.ts',
    'services/quote/src/app/use-case.ts',
  ],
  ['services-import-no-other-service', 'services/quote/src/http/probe.ts', 'services/booking/src/adapters/repo.ts'],
  [
    'services-import-no-other-service',
    'services/payment/src/adapters/probe.ts',
    'services/booking/src/domain/record.ts',
  ],
  ['platform-imports-no-service', 'services/platform/src/probe.ts', 'services/booking/src/domain/record.ts'],
  ['contracts-import-no-code', 'contracts/src/probe.ts', 'services/booking/src/domain/record.ts'],
  ['web-feature-stands-alone', 'frontend/src/features/booking/steps/Probe.tsx', 'frontend/src/features/home/Home.tsx'],
  ['web-shared-layers-import-no-feature', 'frontend/src/ui/Probe.tsx', 'frontend/src/features/home/Home.tsx'],
  ['web-nothing-imports-app', 'frontend/src/features/home/Menu.tsx', 'frontend/src/app/App.tsx'],
  ['web-uses-only-contracts', 'frontend/src/lib/probe.ts', 'services/booking/src/domain/record.ts'],
  ['web-test-helpers-for-tests', 'frontend/src/features/home/Home.tsx', 'frontend/src/testing/fakeApi.ts'],
  // A cycle is reported once, at the first of its modules.
  ['no-circular', 'services/booking/src/app/cycle-a.ts', 'services/booking/src/app/cycle-b.ts'],
];

let probeDir = '';

beforeAll(() => {
  probeDir = mkdtempSync(path.join(os.tmpdir(), 'vanhop-boundaries-'));
  for (const [file, text] of Object.entries(PROBES)) {
    mkdirSync(path.dirname(path.join(probeDir, file)), { recursive: true });
    writeFileSync(path.join(probeDir, file), text);
  }
  mkdirSync(path.join(probeDir, 'node_modules/@vanhop'), { recursive: true });
  symlinkSync('../../contracts', path.join(probeDir, 'node_modules/@vanhop/contracts'));
  symlinkSync('../../services/platform', path.join(probeDir, 'node_modules/@vanhop/platform'));
});

afterAll(() => {
  if (probeDir) rmSync(probeDir, { recursive: true, force: true });
});

describe('the import boundaries (.dependency-cruiser.cjs)', () => {
  it('holds over the whole repository', { timeout: 180_000 }, () => {
    const found = cruise(ROOT, '.dependency-cruiser.cjs', SCOPE).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(found).toEqual([]);
  });

  it('each rule flags its deliberate violation and nothing the layout allows', { timeout: 120_000 }, () => {
    const found = cruise(probeDir, path.join(ROOT, '.dependency-cruiser.cjs'), ['contracts', 'services', 'frontend']);
    const seen = found.map((v) => [v.rule.name, v.from, v.to]);
    expect(seen).toEqual(expect.arrayContaining(EXPECTED));
    expect(seen).toHaveLength(EXPECTED.length);
    // Every rule of the configuration is probed.
    const rules = (
      createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as {
        forbidden: { name: string }[];
      }
    ).forbidden.map((r) => r.name);
    expect(new Set(EXPECTED.map(([rule]) => rule))).toEqual(new Set(rules));
  });
});
