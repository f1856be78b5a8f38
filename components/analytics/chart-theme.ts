/**
 * Chart colours from the page's CSS variables (components/theme.css), so
 * charts follow prefers-color-scheme like the rest of the page, and a hook
 * that re-reads them when the system switches between light and dark.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ChartTheme } from '../../lib/analytics-view/chart-config';

const SERIES = 8;

export function readChartTheme(root: Element = document.documentElement): ChartTheme {
  const css = getComputedStyle(root);
  const get = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const text = get('--fg', '#1f2328');
  return {
    series: Array.from({ length: SERIES }, (_, i) => get(`--chart-${i + 1}`, text)),
    text,
    muted: get('--muted', text),
    grid: get('--chart-grid', '#d0d7de'),
    background: get('--bg', '#ffffff'),
  };
}

export function useChartTheme(): ChartTheme {
  const [theme, setTheme] = useState(readChartTheme);
  useEffect(() => {
    const query = matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setTheme(readChartTheme());
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return theme;
}
