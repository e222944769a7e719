import Datastore from '@seald-io/nedb';
const file = process.argv[2];
const db = new Datastore({ filename: file });
await db.loadDatabaseAsync();
const idx = process.argv[3] === 'idx';
if (idx) { for (const f of ['searchKeys','driverKeys','customerEmailKey','quote.date','randomNumber','outbox.eventId']) await db.ensureIndexAsync({ fieldName: f, sparse: f.includes('outbox') }); }
globalThis.gc?.();
const m = process.memoryUsage();
console.log(idx ? 'with indexes' : 'no indexes', 'docs', (await db.countAsync({})), 'heapUsed MB', (m.heapUsed/1e6).toFixed(0), 'rss MB', (m.rss/1e6).toFixed(0));
