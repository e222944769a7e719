import {
  INTERNAL_PATHS,
  isInternalCandidatesResponse,
  type BookingDraft,
  type InternalCandidatesResponse,
} from '@vanhop/contracts';
import type { InternalHttpClient, Logger } from '@vanhop/platform';
import { quoteHttpClient } from './quote-http-client.js';
import type { CandidateRanking } from '../domain/ports.js';

/**
 * Pricing's ranking over HTTP (quote's /internal/candidates). Its 400 (a move pricing cannot read
 * any more: a place no longer geocoded) passes on as a ValidationError, which sends the job to the
 * office; no answer at all is an UpstreamError.
 */
export class CandidateRankingClient implements CandidateRanking {
  private readonly http: InternalHttpClient;

  constructor(baseUrl: string, logger?: Logger, timeoutMs = 10_000) {
    this.http = quoteHttpClient(baseUrl, logger, timeoutMs);
  }

  rank(draft: BookingDraft): Promise<InternalCandidatesResponse> {
    // Reads only: asking again after a lost answer changes nothing.
    return this.http.post(INTERNAL_PATHS.candidates, draft, { accept: isInternalCandidatesResponse, idempotent: true });
  }
}
