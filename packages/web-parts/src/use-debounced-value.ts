import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `ms` (a remote search fires when the operator pauses typing). */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
