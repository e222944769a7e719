import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Layout } from '../layout/Layout';
import { HomePage } from '../features/home/HomePage';
import { BookingPage } from '../features/booking/BookingPage';
import { RetrievePage } from '../features/retrieve/RetrievePage';
import { PaymentSuccessPage } from '../features/payment/PaymentSuccessPage';
import { PaymentFailPage } from '../features/payment/PaymentFailPage';

const AdminApp = lazy(() => import('../features/admin/AdminApp'));

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
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
