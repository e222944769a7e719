import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';

describe('toBeShown', () => {
  afterEach(cleanup);

  it('passes for an element the user can see, and for a closed details summary', () => {
    render(
      <div>
        <p>Plain text</p>
        <details>
          <summary>Payable on the day</summary>
          <p>ULEZ £12.50</p>
        </details>
      </div>,
    );
    expect(screen.getByText('Plain text')).toBeShown();
    expect(screen.getByText('Payable on the day')).toBeShown();
  });

  it('fails for an element hidden by itself or an ancestor, or inside a closed details', () => {
    render(
      <div>
        <ul hidden>
          <li>Listed but hidden</li>
        </ul>
        <p style={{ display: 'none' }}>Not displayed</p>
        <div style={{ visibility: 'hidden' }}>
          <span>Invisible</span>
        </div>
        <details>
          <summary>More</summary>
          <p>Folded away</p>
        </details>
      </div>,
    );
    expect(() => expect(screen.getByText('Listed but hidden')).toBeShown()).toThrow(
      'is hidden (<ul> has the hidden attribute)',
    );
    expect(() => expect(screen.getByText('Not displayed')).toBeShown()).toThrow('display: none');
    expect(() => expect(screen.getByText('Invisible')).toBeShown()).toThrow('visibility: hidden');
    expect(() => expect(screen.getByText('Folded away')).toBeShown()).toThrow('inside a closed <details>');
    expect(screen.getByText('Folded away')).not.toBeShown();
  });

  it('fails for an element no longer in the document, and for anything not an element', () => {
    const { unmount } = render(<p>Gone soon</p>);
    const gone = screen.getByText('Gone soon');
    unmount();
    expect(() => expect(gone).toBeShown()).toThrow('is not in the document');
    expect(() => expect(null).toBeShown()).toThrow('expected an element to be shown, got null');
  });
});
