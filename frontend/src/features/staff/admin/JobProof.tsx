/**
 * The proof of delivery in a done record's panel: the photos of the load and the customer's
 * signature the driver took at "done", read when the panel opens (they are kept apart from the
 * records so the lists stay light).
 */
import { signedForText } from '@vanhop/contracts';
import { fetchJobProof } from './api';
import { useAdminSession } from './session';
import { useResource } from '../../../lib';

export function JobProof({ bookingId }: { bookingId: string }) {
  const { token, guard } = useAdminSession();
  const { data: proof, error } = useResource(token ? () => guard(fetchJobProof(token, bookingId)) : null, [
    token,
    guard,
    bookingId,
  ]);
  const failed = error !== undefined;

  return (
    <section aria-label="Proof of delivery" data-testid="job-proof">
      <h3>Proof of delivery</h3>
      {failed && <p className="admin-muted">The photos and signature could not be read.</p>}
      {!failed && !proof && <p className="admin-muted">Loading the photos and signature…</p>}
      {proof && (
        <>
          <p>{signedForText(proof.signedFor)}</p>
          <div className="admin-proof">
            {proof.photos.map((src, i) => (
              <img
                // biome-ignore lint/suspicious/noArrayIndexKey: the proof photos are a fixed list and two may be the same picture.
                key={i}
                src={src}
                // biome-ignore lint/a11y/noRedundantAlt: "Photo" tells it apart from the signature beside it, and the driver's and staff's screens name it the same way.
                alt={`Photo ${i + 1} of the load`}
                width={160}
              />
            ))}
            <img
              src={proof.signature}
              alt={`Signature of ${proof.signedFor.name}`}
              width={240}
              className="admin-proof-signature"
            />
          </div>
        </>
      )}
    </section>
  );
}
