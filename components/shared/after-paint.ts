/**
 * Runs a callback once what the page has just put in the DOM is on screen:
 * after the next frame's paint (a task queued from that frame's
 * animation-frame callback runs once the frame is drawn). A hidden page
 * draws no frame, so it runs after a task there. Returns the cancel.
 */
export function afterPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  if (document.visibilityState === 'hidden') timer = setTimeout(callback);
  else frame = requestAnimationFrame(() => (timer = setTimeout(callback)));
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
