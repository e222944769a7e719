/**
 * "Message the driver" on My move, about the booked move. Self-contained: give it the page's view.
 * It shows only when the view names the driver's id (MyMoveView.driver.id) and the booking is not
 * cancelled; the conversation panel itself loads when first opened. The page's signed token goes
 * with the first message: it proves the booking's e-mail address, so replies are mailed at once.
 */
import { penceToPounds } from '@vanhop/contracts';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { ConversationAbout, MyMoveView } from '@vanhop/contracts';
import { Button } from '../../ui';

const MessageDriver = lazy(() => import('../../ui/chat/MessageDriver'));

export function MyMoveMessageDriver({ view }: { view: MyMoveView }) {
  const [open, setOpen] = useState(false);
  const { token } = useParams();
  const driver = view.driver;
  if (!driver?.id || view.state === 'cancelled') return null;
  const about: ConversationAbout = {
    kind: 'booking',
    date: view.move.date,
    places: view.move.addresses.map((a) => a.location).slice(0, 14),
    typeofVan: view.move.typeofVan,
    typeOfWorker: view.move.typeOfWorker,
    totalHour: view.move.totalHour,
    totalPrice: penceToPounds(view.money.totalPence),
  };
  return (
    <section className="mymove-card mymove-message-driver" aria-label={`Messages with ${driver.name}`}>
      <h2>Questions for {driver.name}?</h2>
      <p>
        Ask about access, parking or extras. These messages go through VanHop and we e-mail you the answer; your driver
        gets your phone number and e-mail once they accept the job, to arrange the day.
      </p>
      <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        Message {driver.name}
      </Button>
      {open && (
        <Suspense fallback={<p>Loading...</p>}>
          <MessageDriver
            driverId={driver.id}
            driverName={driver.name}
            about={about}
            customer={{ name: view.customer.name, email: view.customer.email }}
            myMoveToken={token}
          />
        </Suspense>
      )}
    </section>
  );
}
