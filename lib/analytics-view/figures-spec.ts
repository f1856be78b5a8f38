import type { Figure, FiguresSpec, Label } from './types';

export interface FiguresParts {
  readonly title: Label;
  readonly hint: string | null;
  readonly hintHonoured: boolean;
  readonly clamped: boolean;
  readonly figures: readonly Figure[];
}

/**
 * Headline numbers (score card, trend). Never empty: 0 clicks is an answer
 * worth showing, unlike a chart of zeros. The table is the figures themselves.
 */
export function figuresSpec(parts: FiguresParts): FiguresSpec {
  const rows = parts.figures.map((figure) => ({
    label: { key: figure.key },
    values: [figure.value],
    unit: figure.unit,
  }));
  return { kind: 'figures', ...parts, table: { head: [{ key: 'analyticsValue' }], rows } };
}
