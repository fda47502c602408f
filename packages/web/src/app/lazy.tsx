import { LAZY_LOAD_TIMEOUT_MS } from '@switchboard/model';
import { type ComponentType, createElement, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { LoadFailure, ScreenLoader } from './LoadFailure';

type Loader = () => Promise<{ default: ComponentType }>;
type Holder = { current: LazyExoticComponent<ComponentType>; build: () => LazyExoticComponent<ComponentType> };

/** Rejects when the chunk does not arrive in time, so a stalled network shows the retry. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Load timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function LazyHost({ holder }: { holder: Holder }) {
  const [{ Screen, attempt }, setState] = useState(() => ({ Screen: holder.current, attempt: 0 }));
  // React.lazy remembers a failed import forever, so a retry builds a fresh lazy component.
  const retry = () => {
    holder.current = holder.build();
    setState({ Screen: holder.current, attempt: attempt + 1 });
  };
  // The key gives every attempt a fresh boundary, clearing the previous failure.
  return (
    <LoadFailure key={attempt} onRetry={retry}>
      <Suspense fallback={<ScreenLoader />}>
        <Screen />
      </Suspense>
    </LoadFailure>
  );
}

/** A lazily loaded screen with a load time-out (spec: 120000 ms) and a retry on failure. */
export function lazyScreen(loader: Loader, timeoutMs: number = LAZY_LOAD_TIMEOUT_MS): ComponentType {
  const build = () => lazy(() => withTimeout(loader(), timeoutMs));
  const holder: Holder = { current: build(), build };
  return () => createElement(LazyHost, { holder });
}
