import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { moveFacts, staleQuoteProblem } from './quote-move.js';

describe('comparing a client quote that holds hostile values', () => {
  // JSON.parse, as a request body arrives: own "toString"/"valueOf" keys that are not functions.
  const hostile = JSON.parse('{"toString": {"polluted": true}, "valueOf": 1}');

  it('reads objects where stairs belong as "not a number of flights" instead of throwing', () => {
    const quote = {
      deliveryStair: hostile,
      pickupStair: hostile,
      viaStopStair: [hostile],
      totalAddress: [{ location: 'NW2', stair: hostile }],
    };
    expect(() => moveFacts(quote)).not.toThrow();
    expect(moveFacts(quote).deliveryStair).toBeTypeOf('string');
  });

  it('calls such a quote a changed move', () => {
    const priced = { quote: { deliveryStair: 1 }, totalPricePence: 1000 };
    expect(staleQuoteProblem({ deliveryStair: hostile, totalPrice: 10 }, priced)).toBe(MSG.quote.moveChanged);
  });
});
