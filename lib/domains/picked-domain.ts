/**
 * How the framed domain picker (entrypoints/domain-picker) tells the popup
 * what was chosen: when the frame has loaded, the popup gives the frame's
 * window its setter (`pick`); the picker calls it on each choice, with '' for
 * the service's own domain. A same-origin frame's window is reachable only
 * by this extension's own pages, so no message from elsewhere can choose a
 * domain, and it costs the popup fewer bytes than a checked message listener.
 */
export interface PickerFrame extends Window {
  pick?: (domain: string) => void;
}

/** Called in the frame: hands the choice to the popup, if it has given its setter yet. */
export function pickDomain(frame: PickerFrame, domain: string): void {
  frame.pick?.(domain);
}
