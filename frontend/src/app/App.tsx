import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { HomePage } from '../features/home/HomePage';
import { QuoteSearch } from '../features/home/QuoteSearch';
import { PATHS } from '../lib/paths';
import { LandingRoute } from '../features/landing/LandingRoute';

const BookingRoute = lazy(() => import('./BookingRoute'));
const AdminApp = lazy(() => import('../features/staff/admin/AdminApp'));
const DriverPortalApp = lazy(() => import('../features/driver-portal/DriverPortalApp'));
// Retrieve and the payment result pages are reached from a link or a checkout, never first from home.
const RetrievePage = lazy(() => import('../features/retrieve/RetrievePage').then((m) => ({ default: m.RetrievePage })));
const PaymentSuccessPage = lazy(() =>
  import('../features/payment/PaymentSuccessPage').then((m) => ({ default: m.PaymentSuccessPage })),
);
const PaymentFailPage = lazy(() =>
  import('../features/payment/PaymentFailPage').then((m) => ({ default: m.PaymentFailPage })),
);
const ReleaseCheckoutsPage = lazy(() => import('../features/payment/ReleaseCheckoutsPage'));
const AccountPage = lazy(() => import('../features/account/AccountPage'));
const SignInLinkPage = lazy(() => import('../features/account/SignInLinkPage'));
const MyMovesPage = lazy(() => import('../features/account/MyMovesPage'));
// Content pages are separate chunks so the home route's first download stays small (landing ids and maps included).
const ServicesPage = lazy(() => import('../features/services/ServicesPage'));
const ServiceDetailPage = lazy(() => import('../features/services/ServiceDetailPage'));
const ContactPage = lazy(() => import('../features/contact/ContactPage'));
const FaqPage = lazy(() => import('../features/faq/FaqPage'));
const TermsPage = lazy(() => import('../features/terms/TermsPage'));
const CoveragePage = lazy(() => import('../features/coverage/CoveragePage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const MyMovePage = lazy(() => import('../features/mymove/MyMovePage'));
const ReceiptPage = lazy(() => import('../features/mymove/ReceiptPage'));
const ConversationPage = lazy(() => import('../features/conversations/ConversationPage'));
const DriverReplyPage = lazy(() => import('../features/conversations/DriverReplyPage'));
const ReviewPage = lazy(() => import('../features/reviews/ReviewPage'));
const NotFoundPage = lazy(() => import('../ui/layout/NotFoundPage'));

const page = (element: ReactNode) => <Suspense fallback={<p className="page">Loading...</p>}>{element}</Suspense>;

/** `onStarted` runs once the live app has replaced the prerendered markup (see typed-before-start). */
export function App({ onStarted }: { onStarted?: () => void }) {
  // Browser tests wait for data-app=ready before they look at the live page.
  useEffect(() => {
    onStarted?.();
    document.documentElement.dataset.app = 'ready';
  }, [onStarted]);
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path={PATHS.admin}
          element={
            <Suspense fallback={<p>Loading...</p>}>
              <AdminApp />
            </Suspense>
          }
        />
        <Route
          path={PATHS.driver}
          element={
            <Suspense fallback={<p>Loading...</p>}>
              <DriverPortalApp />
            </Suspense>
          }
        />
        <Route element={<Layout />}>
          <Route path={PATHS.home} element={<HomePage />} />
          <Route
            path={PATHS.booking}
            element={page(<BookingRoute search={<QuoteSearch submitLabel="Continue" />} />)}
          />
          <Route path={PATHS.retrieve} element={page(<RetrievePage />)} />
          <Route path={PATHS.retrieveCode} element={page(<RetrievePage />)} />
          <Route path={PATHS.paymentSuccess} element={page(<PaymentSuccessPage />)} />
          <Route path={PATHS.paymentFail} element={page(<PaymentFailPage />)} />
          <Route path={PATHS.releaseCheckouts} element={page(<ReleaseCheckoutsPage />)} />
          <Route path={PATHS.account} element={page(<AccountPage />)} />
          <Route path={PATHS.accountSignIn} element={page(<SignInLinkPage />)} />
          <Route path={PATHS.myMoves} element={page(<MyMovesPage />)} />
          <Route path={PATHS.services} element={page(<ServicesPage />)} />
          <Route path={PATHS.serviceDetail} element={page(<ServiceDetailPage />)} />
          <Route path={PATHS.contact} element={page(<ContactPage />)} />
          <Route path={PATHS.faq} element={page(<FaqPage />)} />
          <Route path={PATHS.terms} element={page(<TermsPage />)} />
          <Route path={PATHS.coverage} element={page(<CoveragePage />)} />
          <Route path={PATHS.dashboard} element={page(<DashboardPage />)} />
          <Route path={PATHS.myMove} element={page(<MyMovePage />)} />
          <Route path={PATHS.myMoveReceipt} element={page(<ReceiptPage />)} />
          <Route path={PATHS.conversation} element={page(<ConversationPage />)} />
          <Route path={PATHS.driverReply} element={page(<DriverReplyPage />)} />
          <Route path={PATHS.review} element={page(<ReviewPage />)} />
          <Route path={PATHS.landing} element={page(<LandingRoute />)} />
          {/* Every path above that ends here is answered 404 by the gateway (isClientRoute in ../prerender/client-routes). */}
          <Route path="*" element={page(<NotFoundPage />)} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
