import { HttpTelephony, type Telephony } from '@vanhop/platform';
import type { FleetConfig } from '../config.js';

/** The HTTP provider when one is configured; none otherwise (the card's call then says calls are not connected). */
export const createTelephony = (config: FleetConfig): Telephony | undefined =>
  config.telephony
    ? new HttpTelephony({ url: config.telephony.providerUrl, apiKey: config.telephony.apiKey })
    : undefined;
