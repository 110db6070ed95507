import { Component } from 'react';
import type { ReactNode } from 'react';

interface Props {
  /** Shown instead of the children after they threw. */
  fallback: ReactNode;
  /** A change of this value (the address, a retry's count) shows the children again. */
  resetKey: unknown;
  children: ReactNode;
}

interface State {
  failed: boolean;
  resetKey: unknown;
}

/**
 * Shows `fallback` instead of its children after they throw while rendering (or a part of them
 * loaded on demand does not arrive), until `resetKey` changes.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return Object.is(props.resetKey, state.resetKey)
      ? null
      : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
