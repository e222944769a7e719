/**
 * Tells the customer whether replies reach their e-mail, so no one waits for a mail that will not
 * come: an address typed into a chat is mailed nothing of it until proved, by the chat starting from
 * My move or by the one-time link we mail it. The chat itself always works on the page.
 */
import type { ConversationEmailStatus } from '@vanhop/contracts';

export const EMAIL_STATUS_TEXT: Partial<Record<ConversationEmailStatus, string>> = {
  pending:
    'We have e-mailed you a link to confirm your address. Replies reach your e-mail only after you open that link; until then they appear here.',
  unconfirmed: 'Your e-mail address is not confirmed, so replies are not e-mailed to you: they appear here.',
};

export function EmailStatusNote({ status }: { status: ConversationEmailStatus | undefined }) {
  const text = status && EMAIL_STATUS_TEXT[status];
  if (!text) return null;
  return (
    <p className="note chat-email-status" data-testid="email-status">
      {text}
    </p>
  );
}
