import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { CONVERSATION_MSG, type CustomerConversationView } from '@vanhop/contracts';
import { fakeApi } from '../../testing/fakeApi';
import ConversationPage from './ConversationPage';
import { EMAIL_STATUS_TEXT } from '../../ui/chat/EmailStatusNote';

const thread = (emailStatus: CustomerConversationView['emailStatus']): CustomerConversationView => ({
  id: 'c1',
  kind: 'support',
  driverName: null,
  about: null,
  messages: [
    { id: 'm1', from: 'customer', author: 'Pat', body: 'Can you move a piano?', at: '2026-03-01T10:00:00.000Z' },
  ],
  canReply: true,
  emailStatus,
});

function Where() {
  const { search } = useLocation();
  return <span data-testid="search">{search}</span>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/conversation/:token"
          element={
            <>
              <ConversationPage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

describe("the customer's conversation page and the e-mail confirmation link", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says replies reach the e-mail only once the address is confirmed', async () => {
    fakeApi({ 'GET /api/conversations/v1.t': () => ({ json: thread('pending') }) });
    renderAt('/conversation/v1.t');
    expect((await screen.findByTestId('email-status')).textContent).toBe(EMAIL_STATUS_TEXT.pending);
    expect(screen.getByText('Can you move a piano?')).toBeShown();
  });

  it('opened from the confirmation mail: confirms once, says so, and drops the token from the address', async () => {
    let confirmed = false;
    const api = fakeApi({
      'GET /api/conversations/v1.t': () => ({ json: thread(confirmed ? 'verified' : 'pending') }),
      'POST /api/conversations/v1.t/email-confirmation': () => {
        confirmed = true;
        return { json: thread('verified') };
      },
    });
    renderAt('/conversation/v1.t?confirm=v1.c.exp.sig');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Thank you: your e-mail address is confirmed. Replies to this conversation now reach your e-mail too.',
    );
    expect(api.of('POST', '/api/conversations/v1.t/email-confirmation').map((c) => c.body)).toEqual([
      { confirmation: 'v1.c.exp.sig' },
    ]);
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(''));
    await waitFor(() => expect(screen.queryByTestId('email-status')).toBeNull());
  });

  it("a used or changed link: the server's words, and the chat still shown", async () => {
    fakeApi({
      'GET /api/conversations/v1.t': () => ({ json: thread('pending') }),
      'POST /api/conversations/v1.t/email-confirmation': () => ({
        status: 400,
        json: {
          message: CONVERSATION_MSG.confirmationInvalid,
          errors: { confirmation: CONVERSATION_MSG.confirmationInvalid },
        },
      }),
    });
    renderAt('/conversation/v1.t?confirm=v1.bad');
    expect((await screen.findByRole('alert')).textContent).toBe(CONVERSATION_MSG.confirmationInvalid);
    await screen.findByText('Can you move a piano?');
  });
});
