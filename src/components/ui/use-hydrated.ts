import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/** False on the server and during hydration, true afterwards: parts that read browser-only stores wait for it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
