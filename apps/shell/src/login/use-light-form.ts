// A small form state for the light login forms: values and per-field errors, shown like antd's
// (every field on submit; a field again on each change).
import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import type { Errors } from './validate';

export function useLightForm<T extends { [K in keyof T]: string }>(initial: T, validate: (values: T) => Errors<T>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<T>>({});
  const current = useRef(values);
  current.current = values;

  const bind = useCallback(
    (name: keyof T) => ({
      value: values[name],
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        const next = { ...current.current, [name]: e.target.value };
        current.current = next;
        setValues(next);
        setErrors((prev) => ({ ...prev, [name]: validate(next)[name] }));
      },
    }),
    [values, validate],
  );

  /** Validates every field; true when all pass. */
  const check = useCallback(() => {
    const found = validate(current.current);
    setErrors(found);
    return Object.keys(found).length === 0;
  }, [validate]);

  /** Shows one field's message (e.g. the phone before an SMS is sent); true when it passes. */
  const setFieldError = useCallback((name: keyof T, message: string | null) => {
    setErrors((prev) => ({ ...prev, [name]: message ?? undefined }));
    return !message;
  }, []);

  return { values, errors, bind, check, setFieldError };
}
