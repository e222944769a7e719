import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Layout } from '../layout/Layout';
import { HomePage } from '../features/home/HomePage';
import { BookingPage } from '../features/booking/BookingPage';
import { RetrievePage } from '../features/retrieve/RetrievePage';
import { PaymentSuccessPage } from '../features/payment/PaymentSuccessPage';
import { PaymentFailPage } from '../features/payment/PaymentFailPage';

const AdminApp = lazy(() => import('../features/admin/AdminApp'));
// Content pages are separate chunks so the home route's first download stays small (landing ids and maps included).
const ServicesPage = lazy(() => import('../features/services/ServicesPage'));
const ServiceDetailPage = lazy(() => import('../features/services/ServiceDetailPage'));
const ContactPage = lazy(() => import('../features/contact/ContactPage'));
const FaqPage = lazy(() => import('../features/faq/FaqPage'));
const TermsPage = lazy(() => import('../features/terms/TermsPage'));
const CoveragePage = lazy(() => import('../features/coverage/CoveragePage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const LandingPage = lazy(() => import('../features/landing/LandingPage'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));

const page = (element: ReactNode) => <Suspense fallback={<p className="page">Loading...</p>}>{element}</Suspense>;

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<Suspense fallback={<p>Loading...</p>}><AdminApp /></Suspense>} />
        <Route element={<Layout />}>
          <Route path="/" element={<HomePage />} />
          <Route path="/booking" element={<BookingPage />} />
          <Route path="/retrieve" element={<RetrievePage />} />
          <Route path="/retrieve/:id" element={<RetrievePage />} />
          <Route path="/paymentbooking/success" element={<PaymentSuccessPage />} />
          <Route path="/paymentbooking/fail" element={<PaymentFailPage />} />
          <Route path="/services" element={page(<ServicesPage />)} />
          <Route path="/services/:id" element={page(<ServiceDetailPage />)} />
          <Route path="/contact" element={page(<ContactPage />)} />
          <Route path="/faq" element={page(<FaqPage />)} />
          <Route path="/terms" element={page(<TermsPage />)} />
          <Route path="/checkareacover" element={page(<CoveragePage />)} />
          <Route path="/dashboard" element={page(<DashboardPage />)} />
          <Route path="/:id" element={page(<LandingPage />)} />
          <Route path="*" element={page(<NotFoundPage />)} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
