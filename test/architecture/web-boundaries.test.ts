import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app's shape (frontend/src), checked on every import of every file, tests included:
 * - a feature (features/<name>; the staff area features/staff/* is one feature) imports only its own
 *   files, the shared layers ui/, lib/, api/ and app/, static files in assets/, packages, and
 *   @vanhop/contracts; its tests (and its test helpers, `*-testing.tsx`) may also use the helpers of testing/;
 * - the shared layers ui/, lib/ and api/ import no feature (app/ is where features are put together).
 * So the feature graph has no edge at all, and a fortiori no cycle.
 */

const SRC = path.resolve(import.meta.dirname, '../../frontend/src');
const SHARED = ['ui', 'lib', 'api', 'app'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

/** Every module specifier a file imports or re-exports, static or dynamic, type-only included. */
function importsOf(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm)) found.add(m[1]!);
  for (const m of text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) found.add(m[1]!);
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.add(m[1]!);
  for (const m of text.matchAll(/\bvi\.(?:mock|doMock)\(\s*['"](\.[^'"]+)['"]/g)) found.add(m[1]!);
  return [...found];
}

/** The part of the app a src-relative path belongs to: `features/<name>`, `features/staff`, or its top folder. */
function areaOf(relative: string): string {
  const [top, second] = relative.split('/');
  if (top !== 'features') return top!;
  return `features/${second}`;
}

/** Why `file` (src-relative) may not import `spec`, or null when it may. */
function violation(file: string, spec: string): string | null {
  const from = areaOf(file);
  const isTest = /(\.test|-testing)\.tsx?$/.test(file);
  if (!spec.startsWith('.')) {
    if (spec.startsWith('@vanhop/') && spec !== '@vanhop/contracts')
      return `imports ${spec}: the web app uses only @vanhop/contracts`;
    return null;
  }
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec.split('?')[0]!));
  if (target.startsWith('..')) return `imports ${spec}, outside frontend/src`;
  const to = areaOf(target);
  if (from.startsWith('features/')) {
    if (to === from || SHARED.includes(to) || to === 'assets') return null;
    if (to === 'testing' && isTest) return null;
    return `${from} imports ${target}: a feature imports only its own files, ${SHARED.join('/, ')}/ and contracts`;
  }
  if (['ui', 'lib', 'api'].includes(from) && to.startsWith('features/'))
    return `${from}/ is shared: it imports no feature (${target})`;
  return null;
}

function violations(): string[] {
  return sourceFiles(SRC).flatMap((full) => {
    const file = path.relative(SRC, full).split(path.sep).join('/');
    return importsOf(readFileSync(full, 'utf8'))
      .map((spec) => violation(file, spec))
      .filter((v): v is string => v !== null)
      .map((v) => `${file}: ${v}`);
  });
}

describe('the web app: features stand alone on the shared layers', () => {
  it('no feature imports another feature, and ui/, lib/, api/ import none', () => {
    expect(violations()).toEqual([]);
  });

  it('the rule catches a deliberate violation, static or dynamic, and lets the allowed imports through', () => {
    const file = 'features/booking/QuotesPopup.tsx';
    const imports = importsOf(
      [
        "import { ratingText } from '../reviews/ratingText';",
        "const Chat = lazy(() => import('../conversations/MessageDriver'));",
        "import { Button } from '../../ui';",
        "import { useResource } from '../../lib';",
        "import { pounds } from './bookingModel';",
        "import { MSG } from '@vanhop/contracts';",
        "import { createApp } from '@vanhop/platform';",
      ].join('\n'),
    );
    expect(Object.fromEntries(imports.map((spec) => [spec, violation(file, spec)]))).toEqual({
      '../reviews/ratingText': expect.stringContaining('features/booking imports features/reviews/ratingText'),
      '../conversations/MessageDriver': expect.stringContaining(
        'features/booking imports features/conversations/MessageDriver',
      ),
      '../../ui': null,
      '../../lib': null,
      './bookingModel': null,
      '@vanhop/contracts': null,
      '@vanhop/platform': expect.stringContaining('uses only @vanhop/contracts'),
    });
    // The staff area is one feature: its sub-folders use each other; a shared layer never uses a feature.
    expect(violation('features/staff/drivers/DriverPage.tsx', '../admin/session')).toBeNull();
    expect(violation('features/staff/drivers/DriverPage.tsx', '../../driver-portal/session')).toContain(
      'features/staff imports',
    );
    expect(violation('ui/chat/Thread.tsx', '../../features/mymove/words')).toContain('shared');
    // Test helpers are for tests only.
    expect(violation('features/mymove/MyMovePage.test.tsx', '../../testing/fakeApi')).toBeNull();
    expect(violation('features/mymove/MyMovePage.tsx', '../../testing/fakeApi')).toContain('features/mymove imports');
    expect(violation('features/driver-portal/portal-testing.tsx', '../../testing/area-harness')).toBeNull();
  });
});
