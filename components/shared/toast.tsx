import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface ToastState {
  message: string | null;
  show: (message: string) => void;
}

/** A brief message (saved, copied) that fades by itself; one at a time. */
export function useToast(durationMs = 2500): ToastState {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show };
}

/** The live region stays in the page so a new message is announced; it draws only while it has one. */
export function Toast({ message }: { message: string | null }) {
  return (
    <div class="toast-region" role="status" aria-live="polite">
      {message !== null && <div class="toast">{message}</div>}
    </div>
  );
}
