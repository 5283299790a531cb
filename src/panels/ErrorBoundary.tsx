import { Component, type ReactNode } from 'react';

/** One failing panel never takes down another: it shows a short note and logs. */
export class ErrorBoundary extends Component<{ name: string; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(`[VoidVerified] ${this.props.name} crashed`, error);
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="vv-crashed" role="alert">
          VoidVerified: {this.props.name} failed ({this.state.error.message}). The rest keeps working.
        </div>
      );
    }
    return this.props.children;
  }
}
