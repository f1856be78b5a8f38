interface Props {
  width?: string;
  height?: string;
}

/** A placeholder of the shape that is coming; hidden from screen readers (the page says "loading" in words). */
export function Skeleton({ width = '100%', height = '1em' }: Props) {
  return <span class="skeleton" aria-hidden="true" style={{ width, height }} />;
}
