import { useState } from 'react';
import { Button } from './index';

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
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const release = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await releaseThem();
    } catch {
      setFailed(true);
      setBusy(false);
      return;
    }
    await onReleased();
    setBusy(false);
  };
  return (
    <div className="release-own-checkouts" data-testid="release-own-checkouts">
      <p>{RELEASE_OWN_TEXT}</p>
      <Button variant="primary" onClick={() => void release()} disabled={busy}>
        {busy ? 'Please wait...' : RELEASE_OWN_BUTTON}
      </Button>
      {failed && (
        <p className="field-error" role="alert">
          {RELEASE_FAILED}
        </p>
      )}
    </div>
  );
}
