import { randomBytes } from 'node:crypto';
import { isEmbeddedPlatform, type EnvReader, type PlatformConfig } from './config.js';
import { ConfigError } from './errors.js';
import { MIN_LINK_SECRET_LENGTH } from './signed-link.js';
import { checkSecretStrength } from './secret-strength.js';

/** A link-signing secret and whether it was made up at start (embedded mode without one). */
export interface LinkSecret {
  secret: string;
  generated: boolean;
}

/**
 * Reads the secret that signs one family of customer links (`name`, e.g. REVIEW_LINK_SECRET). It is
 * the whole credential of those links, so it is required outside embedded mode and must differ
 * from the staff token key (one leak must not open both). Embedded mode may run without one: a
 * random secret is made, and `npm start` passes a persistent one so links survive restarts.
 */
export function readLinkSecret(
  r: EnvReader,
  name: string,
  platform: PlatformConfig,
  notEqualTo: { name: string; value?: string }[] = [],
): LinkSecret {
  const secret = r.optionalString(name);
  if (secret === undefined) {
    if (!isEmbeddedPlatform(platform)) throw new ConfigError(name, 'is required outside embedded mode');
    return { secret: randomBytes(48).toString('base64url'), generated: true };
  }
  checkSecretStrength(name, secret, MIN_LINK_SECRET_LENGTH);
  for (const other of notEqualTo)
    if (other.value !== undefined && secret === other.value)
      throw new ConfigError(name, `must differ from ${other.name}`);
  return { secret, generated: false };
}
