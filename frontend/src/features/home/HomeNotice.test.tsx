import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'react-redux';
import { homeNoticeState } from '../../lib/homeNotice';
import { createStore } from '../../store/store';
import { HomePage } from './HomePage';
import { fakeApi } from '../../testing/fakeApi';

afterEach(cleanup);

describe('the home page after the contact form or Save for later', () => {
  it('says on the page what the visitor just did', async () => {
    fakeApi({ 'GET /api/reviews': () => ({ json: [] }), 'GET /api/config': () => ({ json: {} }) });
    render(
      <Provider store={createStore(null)}>
        <MemoryRouter
          initialEntries={[
            {
              pathname: '/',
              state: homeNoticeState({ title: 'Message sent.', text: 'Thank you Jo. We reply by e-mail.' }),
            },
          ]}
        >
          <HomePage />
        </MemoryRouter>
      </Provider>,
    );
    expect((await screen.findByTestId('home-notice')).textContent).toBe(
      'Message sent. Thank you Jo. We reply by e-mail.',
    );
  });

  it('shows no notice on an ordinary visit', () => {
    fakeApi({ 'GET /api/reviews': () => ({ json: [] }), 'GET /api/config': () => ({ json: {} }) });
    render(
      <Provider store={createStore(null)}>
        <MemoryRouter initialEntries={['/']}>
          <HomePage />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.queryByTestId('home-notice')).toBeNull();
  });
});
