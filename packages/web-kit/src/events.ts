// A minimal typed event emitter; web-kit is a Module Federation singleton, so every app shares these.
export type Listener<T> = (payload: T) => void;

export interface Emitter<Events extends Record<string, unknown>> {
  on<K extends keyof Events>(name: K, listener: Listener<Events[K]>): () => void;
  off<K extends keyof Events>(name: K, listener: Listener<Events[K]>): void;
  emit<K extends keyof Events>(name: K, payload: Events[K]): void;
}

export function createEmitter<Events extends Record<string, unknown>>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  const off: Emitter<Events>['off'] = (name, listener) => {
    listeners.get(name)?.delete(listener as Listener<never>);
  };
  return {
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener as Listener<never>);
      return () => off(name, listener);
    },
    off,
    emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])]) (listener as Listener<typeof payload>)(payload);
    },
  };
}
