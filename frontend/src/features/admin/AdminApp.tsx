/** The staff back office under /admin/* (its own layout); loaded lazily so customers never download it. */
import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminLayout } from './AdminLayout';
import { RequireToken } from './RequireToken';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';
import { DashboardPage } from './DashboardPage';
import { HealthPage } from './HealthPage';
import { AdminNotFound } from './AdminNotFound';
import './admin.css';

export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route element={<RequireToken />}>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="health" element={<HealthPage />} />
        </Route>
        <Route path="*" element={<AdminNotFound />} />
      </Route>
    </Routes>
  );
}
