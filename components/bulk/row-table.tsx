import { memo } from 'preact/compat';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** Rows per group: each group is laid out and painted only when near the screen (content-visibility). */
const CHUNK = 50;
/** Groups added per task while a long list mounts: a thousand rows never mount in one task. */
const CHUNKS_PER_STEP = 4;

interface Props<T> {
  label: string;
  head: readonly string[];
  rows: readonly T[];
  /** A row's cells; must return the same for the same row object (rows kept from one render to the next are not redrawn). */
  cells: (row: T) => ComponentChildren[];
  /** Changes when something the cells read besides the row changed (e.g. the links already shortened). */
  version?: unknown;
  class?: string;
}

interface ChunkProps<T> {
  rows: readonly T[];
  first: number;
  cells: (row: T) => ComponentChildren[];
  version: unknown;
}

function ChunkRows<T>({ rows, first, cells }: ChunkProps<T>) {
  return (
    <div role="rowgroup" class="bulk-chunk" style={{ containIntrinsicSize: `auto ${rows.length * 36}px` }}>
      {rows.map((row, i) => (
        <div role="row" class="bulk-row" aria-rowindex={first + i + 2} key={first + i}>
          {cells(row).map((cell, c) => (
            <span role="cell" key={c}>
              {cell}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}

/** A group is redrawn only when one of its rows is another object, or the version changed. */
const Chunk = memo(ChunkRows, (a, b) => a.version === b.version && a.first === b.first && a.rows.length === b.rows.length && a.rows.every((row, i) => row === b.rows[i])) as typeof ChunkRows;

/**
 * A table of up to a thousand rows that keeps the page responsive: an ARIA
 * table of rows in groups of 50, each group skipped by layout and paint
 * while off screen (`content-visibility: auto`), mounted a few groups per
 * task, and redrawn only where its rows changed.
 */
export function RowTable<T>({ label, head, rows, cells, version, class: extra }: Props<T>) {
  const groups = Math.ceil(rows.length / CHUNK);
  const [mounted, setMounted] = useState(CHUNKS_PER_STEP);
  useEffect(() => {
    if (mounted >= groups) return;
    const timer = setTimeout(() => setMounted((m) => m + CHUNKS_PER_STEP), 0);
    return () => clearTimeout(timer);
  }, [mounted, groups]);
  const chunks = [];
  for (let g = 0; g < Math.min(groups, mounted); g += 1) {
    chunks.push(<Chunk key={g} rows={rows.slice(g * CHUNK, (g + 1) * CHUNK)} first={g * CHUNK} cells={cells} version={version} />);
  }
  return (
    <div role="table" aria-label={label} aria-rowcount={rows.length + 1} class={extra ? `bulk-table ${extra}` : 'bulk-table'}>
      <div role="rowgroup" class="bulk-head">
        <div role="row" class="bulk-row" aria-rowindex={1}>
          {head.map((h) => (
            <span role="columnheader" key={h}>
              {h}
            </span>
          ))}
        </div>
      </div>
      {chunks}
    </div>
  );
}
