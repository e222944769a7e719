/**
 * Stand-ins for secret values, which the manifests never contain: shaped like the real thing
 * (URL schemes, key prefixes, length) so a config loader's validation runs as it would in a cluster.
 */
const SHAPED: Record<string, string> = {
  MONGO_URL: 'mongodb://vanhop:dummy@mongo.invalid:27017/?replicaSet=rs0',
  REDIS_URL: 'redis://:dummy@redis.invalid:6379',
  SMTP_URL: 'smtp://user:dummy@smtp.invalid:587',
};

const PREFIXES: [RegExp, string][] = [
  [/^STRIPE_SECRET_KEY$/, 'sk_test_'],
  [/^STRIPE_PUBLISHABLE_KEY$/, 'pk_test_'],
  [/^STRIPE_WEBHOOK_SECRET$/, 'whsec_'],
];

export function dummySecret(name: string): string {
  if (SHAPED[name]) return SHAPED[name];
  if (name.endsWith('_URL')) return `https://${name.toLowerCase().replace(/_/g, '-')}.invalid/dummy`;
  const prefix = PREFIXES.find(([pattern]) => pattern.test(name))?.[1] ?? '';
  return `${prefix}dummy_${name.toLowerCase()}_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ`;
}
