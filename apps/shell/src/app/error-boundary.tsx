// A page that throws shows the generic error screen (spec §2) instead of taking the layout down.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { ErrorScreen } from './error-screen';
import { T } from '../texts';

export const ERROR_TEXT = 'Oops! Something went wrong.';

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <ErrorScreen
        title={ERROR_TEXT}
        subTitle={error.message}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {T.page.reloadPage}
          </Button>
        }
      />
    );
  }
}
