/** Instant Support calls for the customer's panel; the thread itself is a conversation like any other. */
export { getConversation, postConversationMessage, startSupportConversation } from '../../api/conversations';
