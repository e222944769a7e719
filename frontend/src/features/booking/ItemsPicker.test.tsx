import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ITEM_LIMITS } from '@vanhop/contracts';
import { createStore } from '../../store/store';
import { ItemsPicker } from './ItemsPicker';

afterEach(cleanup);

function renderPicker() {
  const store = createStore(null);
  render(
    <Provider store={store}>
      <ItemsPicker />
    </Provider>,
  );
  return store;
}

describe('ItemsPicker counts', () => {
  it('+ and − change a count without typing; − stops at none, and the box still takes a typed number', () => {
    const store = renderPicker();
    const box = screen.getByLabelText('Wardrobe: how many') as HTMLInputElement;
    const fewer = screen.getByRole('button', { name: 'One fewer: Wardrobe' }) as HTMLButtonElement;
    expect(fewer.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'One more: Wardrobe' }));
    fireEvent.click(screen.getByRole('button', { name: 'One more: Wardrobe' }));
    expect(box.value).toBe('2');
    expect(store.getState().booking.items).toEqual([expect.objectContaining({ id: 'wardrobe', count: 2 })]);
    fireEvent.click(fewer);
    fireEvent.click(fewer);
    expect(box.value).toBe('');
    expect(store.getState().booking.items).toEqual([]);
    fireEvent.change(box, { target: { value: String(ITEM_LIMITS.count) } });
    expect((screen.getByRole('button', { name: 'One more: Wardrobe' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
