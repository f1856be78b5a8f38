/**
 * Chart colours from the page's CSS variables (components/shared/theme.css), so
 * charts follow the page's theme, and a hook that re-reads them when the
 * system switches between light and dark or the chosen theme is applied.
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
    // The theme chosen in Options (data-theme on <html>, lib/browser/theme.ts) may be applied after the first chart.
    const chosen = new MutationObserver(onChange);
    chosen.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      query.removeEventListener('change', onChange);
      chosen.disconnect();
    };
  }, []);
  return theme;
}
