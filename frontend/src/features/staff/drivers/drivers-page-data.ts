/**
 * What the staff drivers page reads, each in its own hook: the drivers a page at a time, the
 * portal accounts, documents and own ratings of the drivers shown, the paid jobs back with the
 * office, and the names of those jobs' drivers who are not on the page.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  DriverAccountStatus,
  DriverAdminView,
  DriverDocumentsView,
  DriverRatings,
  JobView,
  StaffDriverStatus,
} from '@vanhop/contracts';
import { STAFF_IDS_MAX } from '@vanhop/contracts';
import {
  fetchAllDriverDocuments,
  fetchDriver,
  fetchDriverAccounts,
  fetchDriverPage,
  fetchReturnedJobPage,
} from '../admin/api';
import { fetchDriverRatings } from '../../../api/driverRatings';

type Guard = <T>(p: Promise<T>) => Promise<T>;
export type DriverSearch = { q: string; status: StaffDriverStatus | '' };

/** The drivers of a search, a page at a time by name. */
export function useDriverPages(token: string | null, guard: Guard, search: DriverSearch) {
  const [drivers, setDrivers] = useState<DriverAdminView[] | null>(null);
  /** The next page's cursor (null: all of this search is shown). */
  const [next, setNext] = useState<string | null>(null);
  const [moreLoading, setMoreLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const readDrivers = useCallback(async () => {
    if (!token) return;
    setError(null);
    await guard(fetchDriverPage(token, search))
      .then((page) => {
        setDrivers(Array.isArray(page.items) ? page.items : []);
        setNext(page.next ?? null);
      })
      .catch(() => setError('The drivers could not be loaded.'));
  }, [token, guard, search]);

  useEffect(() => {
    void readDrivers();
  }, [readDrivers]);

  const more = async () => {
    if (!token || !next) return;
    setMoreLoading(true);
    await guard(fetchDriverPage(token, { ...search, after: next }))
      .then((page) => {
        setDrivers((shown) => [...(shown ?? []), ...page.items]);
        setNext(page.next ?? null);
      })
      .catch(() => setError('The drivers could not be loaded.'))
      .finally(() => setMoreLoading(false));
  };

  const clearError = useCallback(() => setError(null), []);
  return { drivers, next, moreLoading, error, clearError, readDrivers, more };
}

/** The portal accounts and documents of the drivers shown, a page's worth at a time: never the whole fleet. */
export function useDriverStandings(token: string | null, guard: Guard, drivers: DriverAdminView[] | null) {
  /** Portal account status of the drivers shown, by id (absent: still loading); read for each page as it is shown. */
  const [accounts, setAccounts] = useState<Map<string, DriverAccountStatus | 'none'>>(new Map());
  /** The account service did not answer: account status is unknown for now. */
  const [accountsFailed, setAccountsFailed] = useState(false);
  /** Insurance and licence standing per driver (the expired / expiring badges); empty when it could not be read. */
  const [documents, setDocuments] = useState<Map<string, DriverDocumentsView>>(new Map());
  /** Drivers whose account and documents were asked for already (each page's drivers once). */
  const asked = useRef(new Set<string>());

  useEffect(() => {
    if (!token || !drivers) return;
    const ids = drivers.map((d) => d.id).filter((id) => !asked.current.has(id));
    for (let i = 0; i < ids.length; i += STAFF_IDS_MAX) {
      const chunk = ids.slice(i, i + STAFF_IDS_MAX);
      for (const id of chunk) asked.current.add(id);
      void guard(fetchDriverAccounts(token, chunk))
        .then((rows) =>
          setAccounts((known) => {
            const next = new Map(known);
            for (const id of chunk) next.set(id, 'none');
            for (const r of Array.isArray(rows) ? rows : []) next.set(r.driverId, r.status);
            return next;
          }),
        )
        .catch(() => setAccountsFailed(true));
      // Without them the list shows no document badges for these drivers.
      void guard(fetchAllDriverDocuments(token, chunk))
        .then((rows) =>
          setDocuments((known) => {
            const next = new Map(known);
            for (const r of Array.isArray(rows) ? rows : []) next.set(r.driverId, r);
            return next;
          }),
        )
        .catch(() => undefined);
    }
  }, [token, guard, drivers]);

  /** A retry asks again for the accounts and documents of the drivers it shows. */
  const askAgain = useCallback(() => {
    asked.current.clear();
    setAccountsFailed(false);
  }, []);

  const accountOf = (id: string): string => (accountsFailed ? 'unknown' : (accounts.get(id) ?? '…'));
  return { accountsFailed, accountOf, documentOf: (id: string) => documents.get(id), askAgain };
}

/**
 * VanHop's own approved reviews of the drivers listed (asked for by id, never the whole fleet); without
 * them the list still shows the rating the driver came with.
 */
export function useOwnRatings(drivers: DriverAdminView[] | null): DriverRatings {
  const [ownRatings, setOwnRatings] = useState<DriverRatings>({});
  const listedIds = (drivers ?? []).map((d) => d.id).join(',');
  useEffect(() => {
    if (!listedIds) return;
    fetchDriverRatings(listedIds.split(','))
      .then(setOwnRatings)
      .catch(() => setOwnRatings({}));
  }, [listedIds]);
  return ownRatings;
}

/** The paid jobs back with the office, soonest move first, a page at a time. */
export function useReturnedJobPages(token: string | null, guard: Guard) {
  const [jobs, setJobs] = useState<JobView[] | null>(null);
  const [jobsError, setJobsError] = useState<string | null>(null);
  const [jobsNext, setJobsNext] = useState<string | null>(null);
  const [jobsMoreLoading, setJobsMoreLoading] = useState(false);

  /** The first page; "Show more jobs" reads the next. */
  const readJobs = useCallback(async () => {
    if (!token) return;
    await guard(fetchReturnedJobPage(token))
      .then((page) => {
        setJobs(Array.isArray(page.items) ? page.items : []);
        setJobsNext(page.next ?? null);
        setJobsError(null);
      })
      .catch(() => setJobsError('The returned jobs could not be loaded.'));
  }, [token, guard]);

  const moreJobs = async () => {
    if (!token || !jobsNext) return;
    setJobsMoreLoading(true);
    await guard(fetchReturnedJobPage(token, jobsNext))
      .then((page) => {
        setJobs((shown) => [...(shown ?? []), ...page.items]);
        setJobsNext(page.next ?? null);
      })
      .catch(() => setJobsError('The returned jobs could not be loaded.'))
      .finally(() => setJobsMoreLoading(false));
  };

  return { jobs, jobsError, jobsNext, jobsMoreLoading, readJobs, moreJobs };
}

/** A job back with the office names its driver even when they are not on the page shown. */
export function useOtherDriverNames(
  token: string | null,
  guard: Guard,
  jobs: JobView[] | null,
  drivers: DriverAdminView[] | null,
): Map<string, string> {
  /** Names of drivers with a job back with the office who are not on the page shown. */
  const [otherNames, setOtherNames] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    if (!token || !jobs || !drivers) return;
    const missing = [...new Set(jobs.map((j) => j.driverId))].filter(
      (id) => !drivers.some((d) => d.id === id) && !otherNames.has(id),
    );
    for (const id of missing)
      void guard(fetchDriver(token, id))
        .then((d) => setOtherNames((names) => new Map(names).set(id, d.name)))
        .catch(() => undefined);
  }, [token, guard, jobs, drivers, otherNames]);
  return otherNames;
}
