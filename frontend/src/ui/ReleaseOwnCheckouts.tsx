import { useSubmit } from '../lib/useSubmit';
import { Button } from './index';
import { FormError } from './fields';

export const RELEASE_OWN_TEXT =
  'Some of those checkouts were opened on this device. You can release them now: their drivers are freed and they can no longer be paid. Then book this one.';
export const RELEASE_OWN_BUTTON = 'Release my open checkouts and book this one';
const RELEASE_FAILED = 'We could not release them just now. Please try again in a moment.';

/**
 * Beside the limit on unpaid checkouts (429) when this tab opened some of them: the customer went
 * back and chose another driver, so they may release their own checkouts there and then (`release`:
 * proved by what this tab kept, nobody else's) and go on booking, instead of waiting for them to lapse.
 */
export function ReleaseOwnCheckouts({
  release: releaseThem,
  onReleased,
}: {
  release: () => Promise<unknown>;
  onReleased: () => Promise<unknown>;
}) {
  // Busy until the booking has gone on too (onReleased shows its own failures).
  const release = useSubmit(
    async () => {
      await releaseThem();
      await onReleased();
    },
    { failureText: () => RELEASE_FAILED },
  );
  return (
    <div className="release-own-checkouts" data-testid="release-own-checkouts">
      <p>{RELEASE_OWN_TEXT}</p>
      <Button variant="primary" onClick={() => void release.run()} disabled={release.pending}>
        {release.pending ? 'Please wait...' : RELEASE_OWN_BUTTON}
      </Button>
      <FormError error={release.failure} />
    </div>
  );
}
