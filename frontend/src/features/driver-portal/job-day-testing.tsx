/**
 * Web tests of the card on the day: jsdom has no canvas, so the signature pad draws on a stand-in
 * context and gives back a fixed PNG; a photo is a real 1×1 PNG file.
 */
import { vi } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';

export const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const SIGNATURE = `data:image/png;base64,${PNG_1PX}`;

export const pngFile = (name = 'load.png') =>
  new File([Uint8Array.from(atob(PNG_1PX), (c) => c.charCodeAt(0))], name, { type: 'image/png' });

/** A canvas that accepts strokes and answers SIGNATURE. */
export function stubCanvas(): void {
  const ctx = { beginPath: vi.fn(), moveTo: vi.fn(), lineTo: vi.fn(), stroke: vi.fn(), clearRect: vi.fn() };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ctx) as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => SIGNATURE);
}

export const sign = (pad: HTMLElement) => {
  fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10 });
  fireEvent.pointerMove(pad, { pointerId: 1, clientX: 60, clientY: 30 });
  fireEvent.pointerUp(pad, { pointerId: 1, clientX: 60, clientY: 30 });
};

/** Adds a photo, signs and submits the card's "done" form. */
export async function giveProof(card: ReturnType<typeof within>): Promise<void> {
  stubCanvas();
  const form = within(await card.findByTestId('done-proof'));
  fireEvent.change(form.getByLabelText('Photos of the load'), { target: { files: [pngFile()] } });
  await form.findByRole('img', { name: 'Photo 1 of the load' });
  sign(form.getByTestId('signature-pad'));
  await waitFor(() => form.getByText('Signed'));
  // What was paid on the day: the customer still owes it (nothing collected).
  const nothing = form.queryByRole('radio', { name: 'Nothing: still owed' });
  if (nothing && !(nothing as HTMLInputElement).checked) fireEvent.click(nothing);
  fireEvent.click(form.getByRole('button', { name: 'Mark done' }));
}
