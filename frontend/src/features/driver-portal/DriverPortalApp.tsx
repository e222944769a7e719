/** The driver portal under /driver/* (its own layout and lazy chunk): sign-in, invitation, jobs, prices, hours. */
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { DRIVER_PATHS } from '../../lib/area-paths';
import { PortalLayout } from './PortalLayout';
import { DriverLoginPage } from './LoginPage';
import { WelcomePage } from './WelcomePage';
import { JobsPage } from './JobsPage';
import { PricesPage } from './PricesPage';
import { AvailabilityPage } from './AvailabilityPage';
import { EarningsPage } from './EarningsPage';
import { PortalNotFound } from './PortalNotFound';
import { driverLoginPathFor, useDriverSession } from './session';
import './driver-portal.css';

/** The portal's own pages need a driver token; without one (never signed in, or expired) the driver signs in and comes back. */
function RequireDriver() {
  const { token, expired } = useDriverSession();
  const location = useLocation();
  return token ? <Outlet /> : <Navigate to={driverLoginPathFor(location, expired)} replace />;
}

export default function DriverPortalApp() {
  return (
    <Routes>
      <Route element={<PortalLayout />}>
        <Route index element={<Navigate to={DRIVER_PATHS.jobs} replace />} />
        <Route path={DRIVER_PATHS.login} element={<DriverLoginPage />} />
        <Route path={DRIVER_PATHS.welcome} element={<WelcomePage />} />
        <Route element={<RequireDriver />}>
          <Route path={DRIVER_PATHS.jobs} element={<JobsPage />} />
          <Route path={DRIVER_PATHS.prices} element={<PricesPage />} />
          <Route path={DRIVER_PATHS.availability} element={<AvailabilityPage />} />
          <Route path={DRIVER_PATHS.earnings} element={<EarningsPage />} />
        </Route>
        <Route path="*" element={<PortalNotFound />} />
      </Route>
    </Routes>
  );
}
