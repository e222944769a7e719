/**
 * A driver's profile as a customer sees it: photo, vans, what staff have checked and a few written
 * reviews. Loaded only when opened (the offers stay small), from the public profile and reviews routes.
 */
import { useState } from 'react';
import type { DriverProfile as Profile, DriverReviewsResponse } from '@vanhop/contracts';
import { fetchDriverProfile, fetchDriverReviews } from '../../api/driverProfile';
import { useResource } from '../../lib';
import { NEW_DRIVER_TEXT, NO_REVIEWS_TEXT, ratingText } from '../../lib/ratingText';
import { Alert, Avatar, Badge, Button } from '../index';
import './driver-profile.css';

const reviewDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

/** The profile's contents once loaded. */
function ProfileBody({ profile, reviews }: { profile: Profile; reviews: DriverReviewsResponse | undefined }) {
  const rating = ratingText({ rating: profile.rating, count: profile.reviewCount });
  const { insuranceChecked, licenceChecked } = profile.vetting;
  return (
    <>
      <div className="driver-profile-head">
        <Avatar name={profile.name} photo={profile.photoUrl} className="driver-profile-photo" />
        <div>
          <p className="driver-profile-name">{profile.name}</p>
          <p className="driver-profile-rating">
            {rating.reviewed
              ? `★ ${profile.rating.toFixed(1)} from ${profile.reviewCount} ${profile.reviewCount === 1 ? 'review' : 'reviews'}`
              : `${NEW_DRIVER_TEXT} · ${NO_REVIEWS_TEXT}`}
          </p>
          <p className="driver-profile-area">Works from {profile.area}</p>
        </div>
      </div>
      <dl className="driver-profile-facts">
        <div>
          <dt>Vans</dt>
          <dd>{profile.vanSizes.join(', ')}</dd>
        </div>
        <div>
          <dt>ULEZ</dt>
          <dd>
            {profile.ulezCompliant ? 'Compliant van' : 'Van not ULEZ compliant (£12.50 on the day inside the zone)'}
          </dd>
        </div>
      </dl>
      {(insuranceChecked || licenceChecked) && (
        <ul className="driver-profile-vetting" aria-label="Checked by VanHop">
          {insuranceChecked && (
            <li>
              <Badge tone="success">✓ Insurance checked</Badge>
            </li>
          )}
          {licenceChecked && (
            <li>
              <Badge tone="success">✓ Licence checked</Badge>
            </li>
          )}
        </ul>
      )}
      <h4 className="driver-profile-reviews-title">What customers say</h4>
      {reviews === undefined ? (
        <p>Loading reviews...</p>
      ) : reviews.reviews.length === 0 ? (
        <p>No written reviews on VanHop yet.</p>
      ) : (
        <ul className="driver-profile-reviews">
          {reviews.reviews.map((r) => (
            <li key={`${r.submittedAt}-${r.authorName}`}>
              <p className="driver-profile-review-stars">
                <span role="img" aria-label={`${r.driverRating ?? r.rating} out of 5 stars`}>
                  {'★'.repeat(r.driverRating ?? r.rating)}
                </span>
              </p>
              <blockquote>{r.text}</blockquote>
              <p className="driver-profile-review-by">
                {r.authorName}, {reviewDate(r.submittedAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The loaded profile panel (its reads start when it mounts). */
export function DriverProfilePanel({ driverId, id }: { driverId: string; id?: string }) {
  const profile = useResource(() => fetchDriverProfile(driverId), [driverId]);
  const reviews = useResource(() => fetchDriverReviews(driverId), [driverId]);
  return (
    <section className="driver-profile" id={id} data-testid="driver-profile" aria-live="polite">
      {profile.error ? (
        <Alert tone="danger">
          <p>The driver's profile could not be loaded. Please try again.</p>
        </Alert>
      ) : profile.data ? (
        <ProfileBody profile={profile.data} reviews={reviews.error ? { driverId, reviews: [] } : reviews.data} />
      ) : (
        <p>Loading profile...</p>
      )}
    </section>
  );
}

/** A "View <name>'s profile" button that opens the profile below it, read on first opening. */
export function DriverProfileToggle({ driverId, driverName }: { driverId: string; driverName: string }) {
  const [open, setOpen] = useState(false);
  const panelId = `driver-profile-${driverId}`;
  return (
    <div className="driver-profile-toggle">
      <Button variant="link" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {open ? `Hide ${driverName}'s profile` : `View ${driverName}'s profile`}
      </Button>
      {open && <DriverProfilePanel driverId={driverId} id={panelId} />}
    </div>
  );
}
