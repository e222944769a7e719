/** My move once the driver marked the move done: who signed for it on the day, and when. */
import { signedForText, type MyMoveView } from '@vanhop/contracts';

export function SignedFor({ view }: { view: Pick<MyMoveView, 'signedFor'> }) {
  if (!view.signedFor) return null;
  return (
    <p className="mymove-driver-standing" data-testid="signed-for">
      {signedForText(view.signedFor)}
    </p>
  );
}
