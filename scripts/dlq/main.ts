/** `npm run dlq -- list | show <id> | replay <id> | replay --all`: inspect and re-drive dead letters on Kafka. */
import { ConfigError } from '@vanhop/platform';
import { KafkaDeadLetters } from '../../services/platform/src/adapters/kafka-dead-letters.js';
import { runDlq, USAGE } from './cli.js';
import { loadDlqConfig } from './config.js';

const args = process.argv.slice(2);
if (args.length === 0 || args[0] === '--help' || args[0] === 'help') {
  console.log(USAGE);
  process.exit(args.length === 0 ? 2 : 0);
}
try {
  const config = loadDlqConfig(process.env);
  const dl = await KafkaDeadLetters.connect(config);
  try {
    process.exitCode = await runDlq(args, dl, (l) => console.log(l));
  } finally {
    await dl.close();
  }
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
