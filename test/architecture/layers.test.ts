import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The dependency rules of the services' layout (domain → app → http/adapters/consumers), checked on
 * every import of every source file:
 * - domain imports no platform kit, no http/adapters/app layer and no framework or driver
 *   (express, mongodb, kafkajs, ioredis): it is plain rules over plain data;
 * - app imports no http layer (routes call use cases, never the other way round);
 * - a service imports no other service, neither its package nor its files (they talk over HTTP
 *   and events, with the shapes in contracts);
 * - contracts import no service and no platform kit.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVICES = readdirSync(path.join(ROOT, 'services')).filter((s) =>
  statSync(path.join(ROOT, 'services', s)).isDirectory(),
);
const FRAMEWORKS = ['express', 'mongodb', 'kafkajs', 'ioredis'];

/**
 * Known violations in files this change could not touch (they are being edited on other branches).
 * Each entry is `file -> import` and says why it is still there; remove it once the file is fixed.
 * An entry that no longer matches a real import fails the test, so the list can only shrink.
 */
const ALLOWED = new Map<string, string>([]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Every module specifier a file imports or re-exports, static or dynamic, type-only included. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm)) found.add(m[1]!);
  for (const m of text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) found.add(m[1]!);
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.add(m[1]!);
  return [...found];
}

interface Located {
  /** 'contracts', or the service the file belongs to. */
  owner: string;
  /** domain, app, http, adapters, consumers, or '' for the service root (service.ts, main.ts...). */
  layer: string;
}

function locate(absolute: string): Located | null {
  const [top, owner = '', dir, layer = ''] = path.relative(ROOT, absolute).split(path.sep);
  if (top === 'contracts') return { owner: 'contracts', layer: '' };
  if (top === 'services' && dir === 'src')
    return { owner, layer: path.relative(ROOT, absolute).split(path.sep).length > 4 ? layer : '' };
  if (top === 'services') return { owner, layer: '' };
  return null;
}

/** What a file's imports break, as `file -> import: rule`. */
function violationsOf(file: string, from: Located, imports = importsOf(file)): string[] {
  const rel = path.relative(ROOT, file);
  const out: string[] = [];
  for (const spec of imports) {
    const target = spec.startsWith('.') ? locate(path.resolve(path.dirname(file), spec)) : null;
    const pkg = spec.startsWith('@vanhop/') ? spec.split('/')[1] : null;
    const bare = spec.startsWith('.')
      ? null
      : spec.startsWith('@')
        ? spec.split('/').slice(0, 2).join('/')
        : spec.split('/')[0];
    const say = (rule: string) => out.push(`${rel} -> ${spec}: ${rule}`);

    if (from.owner === 'contracts') {
      if ((pkg && pkg !== 'contracts') || (target && target.owner !== 'contracts'))
        say('contracts import no service or platform');
      continue;
    }
    // Another service, by package or by path (the platform kit is every service's to use).
    if (pkg && pkg !== 'contracts' && pkg !== 'platform' && pkg !== from.owner)
      say('a service imports no other service');
    if (target && target.owner !== 'contracts' && target.owner !== from.owner)
      say('a service imports no other service');
    if (from.owner === 'platform' && pkg && pkg !== 'contracts' && pkg !== 'platform')
      say('the platform imports no service');

    if (from.owner === 'platform') continue;
    const local = target && target.owner === from.owner ? target.layer : null;
    if (from.layer === 'domain') {
      if (pkg === 'platform') say('domain imports no platform');
      if (local === 'http' || local === 'adapters' || local === 'app' || local === 'consumers')
        say(`domain imports no ${local} layer`);
      if (bare && FRAMEWORKS.includes(bare)) say(`domain imports no ${bare}`);
    }
    if (from.layer === 'app' && local === 'http') say('app imports no http layer');
  }
  return out;
}

function allViolations(): string[] {
  const files = [
    ...sourceFiles(path.join(ROOT, 'contracts/src')),
    ...SERVICES.flatMap((s) => sourceFiles(path.join(ROOT, 'services', s, 'src'))),
  ];
  return files.flatMap((f) => violationsOf(f, locate(f)!));
}

const keyOf = (v: string) => v.slice(0, v.indexOf(': '));

describe('layer rules', () => {
  const violations = allViolations();

  it('no source file breaks them (beyond the explicit, commented allow-list)', () => {
    expect(violations.filter((v) => !ALLOWED.has(keyOf(v)))).toEqual([]);
  });

  it('every allow-list entry still names a real violation', () => {
    const real = new Set(violations.map(keyOf));
    expect([...ALLOWED.keys()].filter((k) => !real.has(k))).toEqual([]);
  });

  it('the checker sees the imports it is meant to see', () => {
    // The parser: a file known to import the platform kit and a sibling layer, over several lines too.
    expect(importsOf(path.join(ROOT, 'services/booking/src/service.ts'))).toEqual(
      expect.arrayContaining(['@vanhop/platform', './http/routes.js']),
    );
    // The rules, on imports each of them forbids.
    const at = (rel: string) => path.join(ROOT, rel);
    expect(
      violationsOf(at('services/booking/src/domain/x.ts'), { owner: 'booking', layer: 'domain' }, [
        '@vanhop/platform',
        '../http/routes.js',
        '../adapters/booking-repository.js',
        'express',
        '@vanhop/contracts',
        './lifecycle.js',
      ]),
    ).toHaveLength(4);
    expect(
      violationsOf(at('services/booking/src/app/x.ts'), { owner: 'booking', layer: 'app' }, [
        '../http/internal-routes.js',
        '../adapters/booking-repository.js',
        '@vanhop/platform',
      ]),
    ).toHaveLength(1);
    expect(
      violationsOf(at('services/payment/src/adapters/x.ts'), { owner: 'payment', layer: 'adapters' }, [
        '@vanhop/booking',
        '../../../booking/src/domain/booking-record.js',
      ]),
    ).toHaveLength(2);
    expect(
      violationsOf(at('contracts/src/x.ts'), { owner: 'contracts', layer: '' }, [
        '@vanhop/platform',
        '../../services/booking/src/service.js',
        './schemas/quote.js',
      ]),
    ).toHaveLength(2);
  });
});
