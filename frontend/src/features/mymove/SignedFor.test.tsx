import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { SignedFor } from './SignedFor';

afterEach(cleanup);

/** The customer reads who signed for the move when the driver marked it done. */
describe('My move: signed for', () => {
  it('says who signed and at what London time, and nothing before', () => {
    const { rerender } = render(<SignedFor view={{ signedFor: null }} />);
    expect(screen.queryByTestId('signed-for')).toBeNull();
    rerender(<SignedFor view={{ signedFor: { name: 'Tess Today', at: '2026-07-11T11:30:00.000Z' } }} />);
    expect(screen.getByTestId('signed-for').textContent).toBe('Signed for by Tess Today at 12:30');
  });
});
