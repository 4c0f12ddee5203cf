// What a card or a tab shows when what it reads could not be loaded: an error line with a retry, while
// the page around it stays. Apart from ./load-problem, whose antd Result a list's first load does not need.
import { Alert, Button } from 'antd';
import { T } from './texts';

export interface LoadAlertProps {
  error?: Error;
  /** What failed to load (default 「加载失败」). */
  title?: string;
  /** Without it no retry button is shown. */
  onRetry?(): void;
  /** A small retry button, for a card's body. */
  small?: boolean;
  'data-testid'?: string;
}

/** An error line with a retry, for a card's or a tab's body. */
export function LoadAlert({ error, title = T.loadFailed, onRetry, small, 'data-testid': testId }: LoadAlertProps) {
  const retry = onRetry ? (
    <Button size={small ? 'small' : undefined} onClick={onRetry}>
      {T.retry}
    </Button>
  ) : undefined;
  return <Alert type="error" showIcon title={title} description={error?.message} action={retry} data-testid={testId} />;
}
