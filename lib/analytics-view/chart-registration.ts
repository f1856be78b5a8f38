/**
 * The only place Chart.js parts are registered: exactly what the side panel
 * draws (bar, horizontal bar, line, pie, doughnut, treemap; category and
 * linear scales; legend and tooltip), so the bundle carries nothing else.
 * Titles are page headings, not the Title plugin; countries are a ranked bar,
 * so no geo chart. Imported once, by components/analytics/chart-card.tsx.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
} from 'chart.js';
import { TreemapController, TreemapElement } from 'chartjs-chart-treemap';

Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  PieController,
  DoughnutController,
  ArcElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
  TreemapController,
  TreemapElement,
);

export { Chart };
