/**
 * The proof of delivery in a done record's panel: the photos of the load and the customer's
 * signature the driver took at "done", read when the panel opens (they are kept apart from the
 * records so the lists stay light).
 */
import { useEffect, useState } from 'react';
import { signedForText, type JobProofView } from '@vanhop/contracts';
import { fetchJobProof } from './api';
import { useAdminSession } from './session';

export function JobProof({ bookingId }: { bookingId: string }) {
  const { token, guard } = useAdminSession();
  const [proof, setProof] = useState<JobProofView | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!token) return;
    let live = true;
    guard(fetchJobProof(token, bookingId))
      .then((p) => live && setProof(p))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [token, guard, bookingId]);

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
              <img key={i} src={src} alt={`Photo ${i + 1} of the load`} width={160} />
            ))}
            <img src={proof.signature} alt={`Signature of ${proof.signedFor.name}`} width={240} className="admin-proof-signature" />
          </div>
        </>
      )}
    </section>
  );
}
