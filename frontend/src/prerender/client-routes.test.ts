import { describe, expect, it } from 'vitest';
import { isClientRoute } from './client-routes';

// The gateway answers 404 for paths that are not pages; a My move link must never be one of them.
describe('My move links are pages of the web app', () => {
  it.each(['/mymove/abc.DEF_123-x', '/mymove/anything/', '/mymove/tok/receipt/pay-pi_1', '/MyMove/tok/Receipt/refund-r1'])('%s is a page', (p) => {
    expect(isClientRoute(p)).toBe(true);
  });
  it.each(['/mymove', '/mymove/tok/receipt', '/mymove/tok/extra', '/mymove/tok/receipt/r/x'])('%s is not', (p) => {
    expect(isClientRoute(p)).toBe(false);
  });
});
