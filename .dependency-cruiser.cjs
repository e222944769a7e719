/**
 * The import boundaries of the whole repository, one rule per boundary whatever the folder depth.
 * Checked in `npm test` by test/architecture/boundaries.test.ts, which also proves each rule fires
 * on a deliberate violation. Run by hand: `npx depcruise --config .dependency-cruiser.cjs contracts services gateway frontend/src scripts/embedded`.
 *
 * Services: `src/{domain,app,http,adapters,consumers}`; the domain is plain rules over plain data;
 * use cases and routes depend on ports (domain/ports.ts), never on adapters; services talk over HTTP
 * and events with the shapes in contracts, never by importing each other. The web app: features
 * stand alone on the shared layers (ui/, lib/, api/, app/).
 */
const FRAMEWORKS = '(^|/)node_modules/(express|mongodb|kafkajs|ioredis|nodemailer|stripe)/';
const TESTS = '(\\.test\\.tsx?|-testing\\.tsx?)$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes two modules one: split what both need into a third, or pass it in.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-imports-no-platform',
      comment:
        'The domain is plain rules over plain data: it imports no @vanhop/platform (put the port in domain/ports.ts, the adapter in adapters/).',
      severity: 'error',
      from: { path: '^services/[^/]+/src/domain/' },
      to: { path: '^services/platform/' },
    },
    {
      name: 'domain-imports-no-framework',
      comment: 'The domain imports no framework or driver (express, mongodb, kafkajs, ioredis, nodemailer, stripe).',
      severity: 'error',
      from: { path: '^services/[^/]+/src/domain/' },
      to: { path: FRAMEWORKS },
    },
    {
      name: 'domain-imports-no-outer-layer',
      comment: 'The domain is the centre: it imports no app, http, adapters or consumers layer.',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/domain/' },
      to: { path: '^services/$1/src/(app|http|adapters|consumers)/' },
    },
    {
      name: 'app-imports-no-http',
      comment: 'Routes call use cases, never the other way round.',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/app/' },
      to: { path: '^services/$1/src/http/' },
    },
    {
      name: 'ports-not-adapters',
      comment:
        'Use cases and routes depend on ports, never on adapters (a type-only import included): declare the interface in domain/ports.ts and let service.ts pass the adapter in.',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/(app|http)/' },
      to: { path: '^services/$1/src/adapters/' },
    },
    {
      name: 'adapters-implement-domain-ports',
      comment:
        'An adapter implements a port declared in domain/ports.ts: it imports no use case (app/), so the ports are in one place.',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/adapters/' },
      to: { path: '^services/$1/src/app/' },
    },
    {
      name: 'services-import-no-other-service',
      comment:
        'Services talk over HTTP and events with the shapes in contracts; the platform kit is every service’s to use.',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/', pathNot: '^services/platform/' },
      to: { path: '^services/', pathNot: '^services/($1|platform)/' },
    },
    {
      name: 'platform-imports-no-service',
      comment: 'The platform kit serves every service and knows none of them.',
      severity: 'error',
      from: { path: '^services/platform/src/' },
      to: { path: '^(services/(?!platform/)|gateway/)' },
    },
    {
      name: 'contracts-import-no-code',
      comment: 'Contracts are the shapes both ends share: they import no service, platform, gateway or web code.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(services|gateway|frontend)/' },
    },
    {
      name: 'web-feature-stands-alone',
      comment:
        'A feature imports only its own files, the shared layers ui/, lib/, api/, store/, assets/ and @vanhop/contracts (the staff area features/staff/* is one feature).',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'web-nothing-imports-app',
      comment:
        'app/ composes the web app (routes, providers) and only the entry points (main.tsx, prerender/) import it: paths, config and session live in lib/, the store in store/, layouts in ui/layout/.',
      severity: 'error',
      from: { path: '^frontend/src/', pathNot: '^frontend/src/(app/|prerender/|main\\.tsx$)' },
      to: { path: '^frontend/src/app/' },
    },
    {
      name: 'web-shared-layers-import-no-feature',
      comment:
        'ui/, lib/, api/ and store/ are shared: they import no feature (app/ is where features are put together).',
      severity: 'error',
      from: { path: '^frontend/src/(ui|lib|api|store)/' },
      to: { path: '^frontend/src/features/' },
    },
    {
      name: 'web-uses-only-contracts',
      comment: 'The web app shares only @vanhop/contracts with the server.',
      severity: 'error',
      from: { path: '^frontend/src/' },
      to: { path: '^(services|gateway|scripts)/' },
    },
    {
      name: 'web-test-helpers-for-tests',
      comment: 'frontend/src/testing/ is for tests (and their *-testing.tsx helpers) only.',
      severity: 'error',
      from: { path: '^frontend/src/', pathNot: [TESTS, '^frontend/src/testing/'] },
      to: { path: '^frontend/src/testing/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
