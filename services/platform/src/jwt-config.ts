import { EnvReader, type Env } from './config.js';
import { checkSecretStrength } from './secret-strength.js';

/** Admin token settings shared by the issuer (admin-auth) and the verifier (gateway). */
export interface JwtConfig {
  secret: string;
  issuer: string;
  audience: string;
  ttlSeconds: number;
  algorithm: 'HS256';
}

export const MIN_JWT_SECRET_LENGTH = 32;

export function readJwtConfig(env: Env): JwtConfig {
  const r = new EnvReader(env);
  const secret = r.string('JWT_SECRET');
  checkSecretStrength('JWT_SECRET', secret, MIN_JWT_SECRET_LENGTH);
  return {
    secret,
    issuer: r.string('JWT_ISSUER', 'vanhop-admin-auth'),
    audience: r.string('JWT_AUDIENCE', 'vanhop-admin'),
    ttlSeconds: r.int('JWT_TTL_SECONDS', 3600, { min: 60, max: 86_400 }),
    algorithm: 'HS256',
  };
}
