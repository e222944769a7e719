import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MESSAGE_MAX_LENGTH, type ConversationMessageView } from '@vanhop/contracts';
import { ApiError } from '../../api/client';
import { Thread } from './Thread';

const hostile = '<img src=x onerror=alert(1)> <b>bold</b>\nsecond line';
const messages: ConversationMessageView[] = [
  { id: 'm1', from: 'customer', author: 'Casey', body: hostile, at: '2026-03-01T10:00:00.000Z' },
  { id: 'm2', from: 'driver', author: 'Ali Hassan', body: 'Yes', at: '2026-03-01T10:05:00.000Z' },
];

describe('a conversation thread', () => {
  afterEach(cleanup);

  it('shows messages as text, never as markup, with who wrote them', () => {
    const { container } = render(
      <Thread messages={messages} me="customer" canReply onSend={async () => {}} label="Message" />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.msg-body b')).toBeNull();
    expect(screen.getByText((_, el) => el?.textContent === hostile && el.classList.contains('msg-body'))).toBeShown();
    const items = container.querySelectorAll('.msg');
    expect(items[0]!.className).toContain('msg--mine');
    expect(items[0]!.textContent).toContain('You');
    expect(items[1]!.textContent).toContain('Ali Hassan');
  });

  it('sends the trimmed text, empties the box, and limits its length', async () => {
    const onSend = vi.fn(async () => {});
    render(<Thread messages={messages} me="customer" canReply onSend={onSend} label="Message" />);
    const box = screen.getByLabelText('Message') as HTMLTextAreaElement;
    expect(box.maxLength).toBe(MESSAGE_MAX_LENGTH);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please write a message');
    fireEvent.change(box, { target: { value: '  Thanks!  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('Thanks!'));
    await waitFor(() => expect(box.value).toBe(''));
  });

  it("shows the server's words when a message is refused (rate limit), and keeps the draft", async () => {
    const onSend = vi.fn(async () => {
      throw new ApiError(
        429,
        JSON.stringify({ message: 'Too many messages, please wait a little before sending another.' }),
      );
    });
    render(<Thread messages={messages} me="driver" canReply onSend={onSend} label="Reply" />);
    fireEvent.change(screen.getByLabelText('Reply'), { target: { value: 'again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many messages, please wait a little before sending another.',
    );
    expect((screen.getByLabelText('Reply') as HTMLTextAreaElement).value).toBe('again');
  });

  it('offers no box once the thread is full', () => {
    render(<Thread messages={messages} me="customer" canReply={false} onSend={async () => {}} label="Message" />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('This conversation is full. Please start a new one.')).toBeShown();
  });
});
