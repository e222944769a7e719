import Stripe from 'stripe';
import { UpstreamError, type Logger } from '@vanhop/platform';
import type { StripeConfig } from '../config.js';
import type { DriverRef } from '../domain/earnings.js';
import type { PayoutProvider } from '../domain/payouts.js';
import type { EarningsRepository } from './earnings-repository.js';

/**
 * Stripe Connect: each driver gets an Express connected account on their first payout (its id kept
 * on the driver's payout record), and a payout is a transfer to it under our idempotency key.
 */
export class StripePayouts implements PayoutProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    settings: StripeConfig,
    private readonly repo: EarningsRepository,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'VanHop payment service' },
      ...(settings.api ?? {}),
    });
  }

  async accountFor(driver: DriverRef): Promise<string> {
    const known = await this.repo.connectedAccount(driver.id);
    if (known) return known;
    const account = await this.call(() =>
      this.stripe.accounts.create(
        {
          type: 'express',
          country: 'GB',
          email: driver.email,
          capabilities: { transfers: { requested: true } },
          business_type: 'individual',
          metadata: { driverId: driver.id },
        },
        { idempotencyKey: `vanhop-account-${driver.id}` },
      ),
    );
    return this.repo.saveConnectedAccount(driver.id, account.id, this.now().toISOString());
  }

  async transfer(t: {
    driverId: string;
    week: string;
    amountPence: number;
    destination: string | null;
    idempotencyKey: string;
  }): Promise<{ ref: string }> {
    if (!t.destination) throw new Error('a Stripe transfer needs a connected account');
    const transfer = await this.call(() =>
      this.stripe.transfers.create(
        {
          amount: t.amountPence,
          currency: 'gbp',
          destination: t.destination!,
          transfer_group: `driver-${t.driverId}-${t.week}`,
          metadata: { driverId: t.driverId, week: t.week },
        },
        { idempotencyKey: t.idempotencyKey },
      ),
    );
    return { ref: transfer.id };
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      const e = err as { type?: string; statusCode?: number; message?: string; requestId?: string };
      this.logger.warn(
        { type: e?.type, statusCode: e?.statusCode, requestId: e?.requestId, message: e?.message },
        'stripe connect call failed',
      );
      throw new UpstreamError(
        e?.statusCode && e.statusCode < 500
          ? `Stripe refused the payout: ${e.message ?? 'unknown reason'}`
          : 'Stripe could not be reached, please try again.',
      );
    }
  }
}
