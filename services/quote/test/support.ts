// Quote's tests price what the fleet service's drivers offer: they start both (fleet/test/support.ts).
export * from '../../fleet/test/support.js';
