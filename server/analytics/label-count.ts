/** A label and its click count, the shape most aggregates return. */
export interface LabelCount {
  label: string;
  count: number;
}
