/**
 * The load generator, run as its own process (bench/support/load.ts forks it) so autocannon never
 * shares the measured server's event loop. Reads one autocannon options object on IPC, answers
 * with the result.
 */
import autocannon from 'autocannon';

process.once('message', (options: autocannon.Options) => {
  autocannon(options, (err, result) => {
    process.send!(err ? { error: String(err) } : { result }, () => process.exit(0));
  });
});
