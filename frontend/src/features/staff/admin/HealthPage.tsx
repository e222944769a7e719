import { useCallback, useState, type ReactNode } from 'react';
import type { ServiceState } from '@vanhop/contracts';
import { fetchServerHealth, fetchServerIp } from './api';
import { useAdminSession } from './session';
import { checkText, useCheck, type CheckState } from './useCheck';
import { Button } from '../../../ui';

interface CheckCardProps {
  title: string;
  testId: string;
  state: CheckState;
  onCheck: () => void;
  onReset: () => void;
  children?: ReactNode;
}

function CheckCard({ title, testId, state, onCheck, onReset, children }: CheckCardProps) {
  return (
    <section className="admin-card admin-check" aria-label={title} data-testid={testId}>
      <h2>{title}</h2>
      <Button className="admin-check-button" onClick={onCheck} disabled={state.status === 'loading'} aria-live="polite">
        {checkText(state)}
      </Button>
      <Button area="admin" variant="secondary" onClick={onReset}>
        Reset
      </Button>
      {children}
    </section>
  );
}

/** The separate server-health page: the public health summary and the staff-only server address. */
export function HealthPage() {
  const { token, guard } = useAdminSession();
  const [services, setServices] = useState<Record<string, ServiceState> | null>(null);

  const probeHealth = useCallback(async () => {
    setServices(null);
    const answer = await fetchServerHealth();
    setServices(answer.services ?? null);
    return answer.health;
  }, []);
  const probeIp = useCallback(async () => (await guard(fetchServerIp(token ?? ''))).serverIp, [guard, token]);

  const health = useCheck(probeHealth);
  const ip = useCheck(probeIp);

  return (
    <div className="admin-health">
      <h1>Server health</h1>
      <div className="admin-grid">
        <CheckCard
          title="Server health"
          testId="health-check"
          state={health.state}
          onCheck={health.check}
          onReset={() => {
            health.reset();
            setServices(null);
          }}
        >
          {health.state.status === 'done' && services && (
            <ul className="admin-services">
              {Object.entries(services).map(([name, state]) => (
                <li key={name}>
                  {name}: {state}
                </li>
              ))}
            </ul>
          )}
        </CheckCard>
        <CheckCard title="Server IP" testId="ip-check" state={ip.state} onCheck={ip.check} onReset={ip.reset} />
      </div>
    </div>
  );
}
