/**
 * Conversation calls (notification service). Kept out of api/client.ts so they load with the
 * chat screens, never with the home page. Every thread is opened by its signed link token.
 */
import type {
  CustomerConversationView,
  DriverConversationView,
  StartDriverConversation,
  StartedConversation,
  StartSupportConversation,
} from '@vanhop/contracts';
import { request } from './client';

const token = (t: string) => encodeURIComponent(t);

export const startDriverConversation = (body: StartDriverConversation) =>
  request<StartedConversation>('POST', '/conversations/driver', body);

export const startSupportConversation = (body: StartSupportConversation) =>
  request<StartedConversation>('POST', '/conversations/support', body);

/** 404 for a bad or expired link. */
export const getConversation = (t: string, signal?: AbortSignal) =>
  request<CustomerConversationView>('GET', `/conversations/${token(t)}`, undefined, signal);

export const postConversationMessage = (t: string, body: string) =>
  request<CustomerConversationView>('POST', `/conversations/${token(t)}/messages`, { body });

/** The one-time link mailed to the customer's address: proves it, so replies are mailed from then on. 400 for a bad or used one. */
export const confirmConversationEmail = (t: string, confirmation: string) =>
  request<CustomerConversationView>('POST', `/conversations/${token(t)}/email-confirmation`, { confirmation });

export const getDriverThread = (t: string, signal?: AbortSignal) =>
  request<DriverConversationView>('GET', `/driver-reply/${token(t)}`, undefined, signal);

export const postDriverReply = (t: string, body: string) =>
  request<DriverConversationView>('POST', `/driver-reply/${token(t)}/messages`, { body });
