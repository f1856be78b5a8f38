import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { Button } from './button';

interface Props {
  /** The question; it also names the group. */
  children: ComponentChildren;
  yes: string;
  no: string;
  /** A change is being saved: "yes" waits for it. */
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
}

/** A destructive step asked about in place: the question, a danger "yes", and "no" focused so Enter is the safe answer. */
export function ConfirmGroup({ children, yes, no, busy = false, onYes, onNo }: Props) {
  const id = useId();
  return (
    <div class="confirm" role="group" aria-labelledby={id}>
      <p id={id}>{children}</p>
      <div class="row">
        <Button size="small" variant="danger" disabled={busy} onClick={onYes}>
          {yes}
        </Button>
        <Button size="small" autoFocus onClick={onNo}>
          {no}
        </Button>
      </div>
    </div>
  );
}
