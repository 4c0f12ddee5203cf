// A portal page: its title, its hint, and the load error with a retry.
import { Alert, Button, Typography } from 'antd';
import { T } from '../texts';

export function PortalPage({ title, hint, error, onRetry, children, extra }: { title: string; hint?: string; error?: Error | null; onRetry?: () => void; children: React.ReactNode; extra?: React.ReactNode }) {
  return (
    <div className="portal-page">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </div>
      {hint ? <div className="portal-page-hint">{hint}</div> : null}
      {error ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="portal-load-error"
          message={`${T.loadFailed}${error.message}`}
          action={
            onRetry ? (
              <Button size="small" onClick={onRetry}>
                {T.retry}
              </Button>
            ) : null
          }
        />
      ) : null}
      {children}
    </div>
  );
}
