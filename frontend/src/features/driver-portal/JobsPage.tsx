/**
 * /driver/jobs: the paid bookings offered to the driver, today's, upcoming and past. An offered job
 * is accepted or declined before its respond-by time, or it goes back to the office.
 */
import { useCallback, useEffect, useState } from 'react';
import type { DriverJobsResponse, JobView } from '@vanhop/contracts';
import { usePageTitle } from '../../lib/usePageTitle';
import { StatusLine, FormError } from '../../ui/fields';
import { PortalApiError, answerJob, fetchJobs, messageOf } from './api';
import { JobCard } from './JobCard';
import type { JobAnswerKind } from './JobAnswer';
import { useDriverSession } from './session';
import { useSubmitEach } from '../../lib/useSubmit';

type Section = keyof DriverJobsResponse;
const SECTIONS: { key: Section; title: string; empty: string }[] = [
  { key: 'today', title: 'Today', empty: 'No jobs today.' },
  { key: 'upcoming', title: 'Upcoming', empty: 'No upcoming jobs.' },
  { key: 'past', title: 'Past', empty: 'No past jobs.' },
];

export function JobsPage() {
  usePageTitle('Your jobs · VanHop driver portal');
  const { token, guard } = useDriverSession();
  const [jobs, setJobs] = useState<DriverJobsResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!token) return;
    try {
      const answer = await guard(fetchJobs(token));
      setJobs({ today: answer.today ?? [], upcoming: answer.upcoming ?? [], past: answer.past ?? [] });
      setLoadError(null);
    } catch (err) {
      setLoadError(messageOf(err, 'Your jobs could not be loaded.'));
    }
  }, [token, guard]);

  useEffect(() => {
    void load();
  }, [load]);

  /** A job as the server answered it, in whichever list it is. */
  const replace = (updated: JobView) =>
    setJobs(
      (all) =>
        all && {
          today: all.today.map((j) => (j.bookingId === updated.bookingId ? updated : j)),
          upcoming: all.upcoming.map((j) => (j.bookingId === updated.bookingId ? updated : j)),
          past: all.past.map((j) => (j.bookingId === updated.bookingId ? updated : j)),
        },
    );

  // Each job's answer is sent on its own: answering one leaves the other jobs' buttons free.
  const answers = useSubmitEach(
    async (_bookingId: string, job: JobView, answer: JobAnswerKind, signedIn: string) => {
      try {
        replace(await guard(answerJob(signedIn, job.bookingId, answer)));
      } catch (err) {
        if (err instanceof PortalApiError && err.status === 409) await load();
        throw err;
      }
      setNotice(
        answer === 'accept'
          ? `You accepted booking ${job.randomNumber}.`
          : `You declined booking ${job.randomNumber}: it is offered to the next free driver.`,
      );
    },
    {
      // A lapsed session is the portal's to handle: no words here.
      failureText: (err) =>
        err instanceof PortalApiError && err.status === 401
          ? null
          : messageOf(err, 'Your answer could not be saved. Please try again.'),
    },
  );

  const onAnswer = async (job: JobView, answer: JobAnswerKind) => {
    if (!token) return;
    setNotice(null);
    await answers.run(job.bookingId, job, answer, token);
  };

  return (
    <section className="portal-page">
      <h1>Your jobs</h1>
      <FormError error={answers.failure} compact />
      <StatusLine status={notice} />
      {!jobs ? (
        loadError ? (
          <p role="alert">{loadError}</p>
        ) : (
          <p>Loading...</p>
        )
      ) : (
        SECTIONS.map(({ key, title, empty }) => (
          <section key={key} className="portal-jobs-section" aria-labelledby={`jobs-${key}`}>
            <h2 id={`jobs-${key}`}>{title}</h2>
            {jobs[key].length === 0 ? (
              <p className="portal-muted">{empty}</p>
            ) : (
              <div className="portal-jobs">
                {jobs[key].map((job) => (
                  <JobCard
                    key={job.bookingId}
                    job={job}
                    busy={answers.isPending(job.bookingId)}
                    onAnswer={(j, a) => void onAnswer(j, a)}
                    onChanged={replace}
                    onStale={() => void load()}
                  />
                ))}
              </div>
            )}
          </section>
        ))
      )}
    </section>
  );
}
