import { ConfigError, EnvReader, type Env } from '@vanhop/platform';

export interface DlqConfig {
  brokers: string[];
  namespace?: string;
  clientId: string;
}

/** The dead-letter CLI reads the same Kafka variables as the programs whose dead letters it handles. */
export function loadDlqConfig(env: Env): DlqConfig {
  const r = new EnvReader(env);
  const brokers = r.list('KAFKA_BROKERS');
  if (brokers.length === 0) {
    throw new ConfigError(
      'KAFKA_BROKERS',
      'is required: dead letters are kept on Kafka (the in-process bus of npm start keeps them in memory only, see docs/RUNBOOK.md)',
    );
  }
  return {
    brokers,
    namespace: r.optionalString('KAFKA_NAMESPACE'),
    clientId: r.string('KAFKA_CLIENT_ID', 'vanhop-dlq'),
  };
}
