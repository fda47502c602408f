import { LAZY_LOAD_TIMEOUT_MS } from '@switchboard/model';
import { type ComponentType, createElement, useEffect, useState } from 'react';
import { FailureNotice, ScreenLoader } from './LoadFailure';

/** A module whose default export is a component taking props `P` (a screen takes none). */
type Module<P extends object = object> = { default: ComponentType<P> };

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

/** One screen's module: loaded once, shared by the preload and the screen, forgotten on failure. */
type Slot = { load: () => Promise<Module>; loaded: ComponentType<object> | null; timeoutMs: number };

/** Loads of screens not asked for yet; the admin layout warms them when the browser is idle. */
const notLoaded = new Set<Slot>();

/** Fetches every screen registered so far in the background, so a first click finds it ready. */
export async function preloadScreens(): Promise<void> {
  const slots = [...notLoaded];
  notLoaded.clear();
  await Promise.allSettled(slots.map((slot) => slot.load()));
}

/**
 * Shows the screen once its module is there; until then a loader, and on failure or time-out the
 * error with a Retry that runs the import again. It waits with plain state rather than
 * React.lazy and Suspense because React holds back the reveal of suspended content (about
 * 300 ms), which every first visit of a screen would pay.
 */
function LazyHost({ slot, props }: { slot: Slot; props: object }) {
  // The module lives in the slot; this state only re-renders once it has arrived.
  const [, setArrived] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is the trigger of a new load
  useEffect(() => {
    if (slot.loaded) return;
    let live = true;
    withTimeout(slot.load(), slot.timeoutMs).then(
      () => live && setArrived(true),
      (failure: unknown) => live && setError(failure instanceof Error ? failure : new Error(String(failure))),
    );
    return () => {
      live = false;
    };
  }, [slot, attempt]);

  if (error)
    return (
      <FailureNotice
        error={error}
        onRetry={() => {
          setError(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  const Screen = slot.loaded;
  if (!Screen) return <ScreenLoader />;
  return <Screen {...props} />;
}

/**
 * A lazily loaded screen (or part of one, with its props) with a load time-out (spec: 120000 ms)
 * and a retry on failure.
 */
export function lazyScreen<P extends object = object>(
  loader: () => Promise<Module<P>>,
  timeoutMs: number = LAZY_LOAD_TIMEOUT_MS,
): ComponentType<P> {
  let loading: Promise<Module> | null = null;
  const slot: Slot = {
    loaded: null,
    timeoutMs,
    load() {
      notLoaded.delete(slot);
      loading ??= loader().then(
        (module) => {
          slot.loaded = module.default as ComponentType<object>;
          return module as Module;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
  notLoaded.add(slot);
  return (props: P) => createElement(LazyHost, { slot, props });
}
