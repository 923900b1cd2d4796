import { Component, type ErrorInfo, type ReactNode, startTransition } from 'react';
import { useLocation } from 'react-router';
import { statusOf } from '../../providers/http-error.ts';
import { ErrorScreen } from './error-screen.tsx';

export type AppErrorBoundaryProps = {
  children?: ReactNode;
  /** Runs after the error screen's reset button cleared the error (the screen has navigated HOME). */
  onReset?: () => void;
  /** When one of these changes (e.g. `[pathname]`), a shown error is cleared: leaving the page leaves its error. */
  resetKeys?: readonly unknown[];
  /** Passed to the error screen: false when the boundary sits inside the shell's content area. */
  fullScreen?: boolean;
};

// Something thrown may be anything, even undefined: the flag, not the value, says whether there was an error.
type State = { failed: false } | { failed: true; error: unknown };

const changed = (a: readonly unknown[] = [], b: readonly unknown[] = []): boolean =>
  a.length !== b.length || a.some((value, index) => !Object.is(value, b[index]));

/** docs/rules.md#modals-and-errors: errors that reach it show the error screen, with a reset back to HOME. */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Error screen shown', statusOf(error), info.componentStack);
  }

  override componentDidUpdate(previousProps: AppErrorBoundaryProps, previousState: State): void {
    // Only an error already on screen: the update that caught it may also carry the keys' change.
    if (this.state.failed && previousState.failed && changed(previousProps.resetKeys, this.props.resetKeys)) {
      this.setState({ failed: false });
    }
  }

  handleReset = (): void => {
    // React Router navigates in a transition; clearing the error in one too renders HOME and the cleared boundary
    // together, instead of first re-rendering the failed page (which throws again) at the old location.
    startTransition(() => this.setState({ failed: false }));
    this.props.onReset?.();
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorScreen error={this.state.error} onReset={this.handleReset} fullScreen={this.props.fullScreen} />
    );
  }
}

/** The boundary as the app uses it inside the router: moving to another page leaves the failed one's error behind. */
export function RouteErrorBoundary({
  children,
  onReset,
  fullScreen,
}: Omit<AppErrorBoundaryProps, 'resetKeys'>) {
  const { pathname } = useLocation();
  return (
    <AppErrorBoundary resetKeys={[pathname]} onReset={onReset} fullScreen={fullScreen}>
      {children}
    </AppErrorBoundary>
  );
}
