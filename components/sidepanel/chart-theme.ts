/**
 * Chart colours from the page's CSS variables (components/shared/theme.css), so
 * charts follow the page's theme, and a hook that re-reads them when the
 * system switches between light and dark or the chosen theme is applied.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ChartTheme } from '../../lib/analytics-view/chart-config';

const SERIES = 8;

/**
 * The tokens are written with light-dark() (components/shared/theme.css), which a custom property
 * keeps unresolved: a probe element's computed `color` gives the colour of the scheme in use.
 */
export function readChartTheme(root: HTMLElement = document.documentElement): ChartTheme {
  const probe = document.createElement('span');
  probe.hidden = true;
  root.append(probe);
  const get = (name: string, fallback: string) => {
    probe.style.color = '';
    probe.style.color = `var(${name}, ${fallback})`;
    return getComputedStyle(probe).color || fallback;
  };
  const text = get('--fg', '#1f2328');
  const theme = {
    series: Array.from({ length: SERIES }, (_, i) => get(`--chart-${i + 1}`, text)),
    text,
    muted: get('--muted', text),
    grid: get('--chart-grid', '#d0d7de'),
    background: get('--bg', '#ffffff'),
  };
  probe.remove();
  return theme;
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
