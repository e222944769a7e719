import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Modal } from './Modal';

afterEach(cleanup);

describe('Modal', () => {
  it('closes on Escape, on a click outside and on X, but not on a click inside', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Van size guide" onClose={onClose}>
        <p>inside</p>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Van size guide' })).toBeShown();
    fireEvent.mouseDown(screen.getByText('inside'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('as a floating panel has no backdrop and still closes on Escape', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Your quote" onClose={onClose} floating>
        <p>panel</p>
      </Modal>,
    );
    expect(screen.queryByTestId('modal-backdrop')).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });
});
