import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { ConversationMail } from '../app/conversation-mail.js';

/** ConversationMessagePosted → the other side's e-mail (driver, customer or office). */
export const onConversationMessagePosted =
  (mail: ConversationMail): EventHandler =>
  async (event) => {
    const { data } = await readEvent(TOPICS.conversationMessagePosted, event);
    await mail.deliver(data);
  };
