/** The staff back office under /admin/* (its own layout); loaded lazily so customers never download it. */
import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminLayout } from './AdminLayout';
import { RequireToken } from './RequireToken';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';
import { DashboardPage } from './DashboardPage';
import { HealthPage } from './HealthPage';
import { AdminNotFound } from './AdminNotFound';
import { SupportInboxPage } from '../support/SupportInboxPage';
import { ReviewModerationPage } from '../reviews/ReviewModerationPage';
import { DriversPage } from '../drivers/DriversPage';
import { DriverPage, NewDriverPage } from '../drivers/DriverPage';
import { ADMIN_PATHS, ADMIN_SUBPATHS } from '../../../lib/area-paths';
import './admin.css';

export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to={ADMIN_PATHS.dashboard} replace />} />
        <Route path={ADMIN_PATHS.login} element={<LoginPage />} />
        <Route path={ADMIN_PATHS.register} element={<RegisterPage />} />
        <Route element={<RequireToken />}>
          <Route path={ADMIN_PATHS.dashboard} element={<DashboardPage />} />
          <Route path={ADMIN_PATHS.health} element={<HealthPage />} />
          <Route path={ADMIN_PATHS.support} element={<SupportInboxPage />} />
          <Route path={ADMIN_PATHS.reviews} element={<ReviewModerationPage />} />
          <Route path={ADMIN_PATHS.drivers} element={<DriversPage />} />
          <Route path={ADMIN_SUBPATHS.driverNew} element={<NewDriverPage />} />
          <Route path={ADMIN_SUBPATHS.driver} element={<DriverPage />} />
        </Route>
        <Route path="*" element={<AdminNotFound />} />
      </Route>
    </Routes>
  );
}
