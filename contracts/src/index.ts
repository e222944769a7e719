export * from './constants.js';
export * from './messages.js';
export * from './events.js';
export * from './schemas/common.js';
export * from './schemas/booking.js';
export * from './schemas/contact.js';
export * from './schemas/admin.js';
export * from './schemas/quote.js';
