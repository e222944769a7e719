import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries in biome.json (noRestrictedImports per folder) fail on deliberate
 * violations and let the allowed imports through. Probe files are laid out as in the repo, in a
 * temporary copy of the configuration, so nothing is written into the working tree; the web app's
 * rule is probed with the frontend's set-aside lifted, as it will be once the web app is linted.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');

const PROBES: Record<string, string[]> = {
  'services/booking/src/domain/probe.ts': [
    "import { LinkSigner } from '@vanhop/platform';",
    "import express from 'express';",
    "import { Db } from 'mongodb';",
    "import nodemailer from 'nodemailer';",
    "import { BookingRepository } from '../adapters/booking-repository.js';",
    "import { routes } from '../http/routes.js';",
    "import { SaveQuote } from '../app/save-quote.js';",
    "import { consumers } from '../consumers/index.js';",
    "import { MSG } from '@vanhop/contracts';",
    "import { lifecycle } from './lifecycle.js';",
  ],
  'services/booking/src/domain/templates/probe.ts': ["import { x } from '../../adapters/booking-repository.js';"],
  'services/quote/src/app/probe.ts': [
    "import type { JobRepository } from '../adapters/job-repository.js';",
    "import { routes } from '../http/routes.js';",
    "import { price } from '../domain/pricing.js';",
    "import { Clock } from '@vanhop/platform';",
  ],
  'services/quote/src/http/probe.ts': [
    "import { DriverRepository } from '../adapters/driver-repository.js';",
    "import { ManageDrivers } from '../app/manage-drivers.js';",
  ],
  // A port is taken from the domain, never from adapters/: a type-only import is no exception.
  'services/booking/src/app/save-quote.ts': [
    "import type { BookingRepository } from '../adapters/booking-repository.js';",
    "import type { BookingRepository as Port } from '../domain/ports.js';",
  ],
  'frontend/src/features/booking/Probe.tsx': [
    "import { Home } from '../home/Home.js';",
    "import { Button } from '../../ui/Button.js';",
    "import { useResource } from '../../lib/useResource.js';",
    "import { client } from '../../api/client.js';",
    "import { store } from '../../app/store.js';",
    "import { MSG } from '@vanhop/contracts';",
    "import { LinkSigner } from '@vanhop/platform';",
    "import { Step } from './steps/Step.js';",
    "import { other } from '../../features/home/other.js';",
  ],
  'frontend/src/features/booking/steps/Probe.tsx': [
    "import { Form } from '../Form.js';",
    "import { Home } from '../../home/Home.js';",
    "import { Button } from '../../../ui/Button.js';",
  ],
};

/** The probe lines each rule must flag, as `file:line` (1-based). */
const EXPECTED = [
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((l) => `services/booking/src/domain/probe.ts:${l}`),
  'services/booking/src/domain/templates/probe.ts:1',
  'services/quote/src/app/probe.ts:1',
  'services/quote/src/app/probe.ts:2',
  'services/quote/src/http/probe.ts:1',
  'services/booking/src/app/save-quote.ts:1',
  'frontend/src/features/booking/Probe.tsx:1',
  'frontend/src/features/booking/Probe.tsx:7',
  'frontend/src/features/booking/Probe.tsx:9',
  'frontend/src/features/booking/steps/Probe.tsx:2',
];

let dir = '';

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'vanhop-lint-boundaries-'));
  const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8')) as {
    $schema?: string;
    files: { includes: string[] };
  };
  config.$schema = undefined;
  config.files.includes = config.files.includes.filter((g) => g !== '!frontend');
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const [file, lines] of Object.entries(PROBES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${lines.join('\n')}\n`);
  }
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the import boundaries in biome.json', () => {
  it('flag each deliberate violation and nothing the layout allows', () => {
    const run = spawnSync(
      BIOME,
      ['lint', '--reporter=concise', '--colors=off', '--max-diagnostics=none', '--only=style/noRestrictedImports', '.'],
      { cwd: dir, encoding: 'utf8' },
    );
    // A line two patterns catch is reported twice: once is enough here.
    const flagged = [
      ...new Set(
        [...`${run.stdout}\n${run.stderr}`.matchAll(/^\S+ (\S+):(\d+):\d+: lint\/style\/noRestrictedImports/gm)].map(
          (m) => `${m[1]}:${m[2]}`,
        ),
      ),
    ].sort();
    expect(flagged).toEqual([...EXPECTED].sort());
    expect(run.status).not.toBe(0);
  });
});
