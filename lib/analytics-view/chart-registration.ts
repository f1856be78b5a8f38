/**
 * The Chart.js parts the side panel draws with: bars on category and linear
 * scales, registered before the first chart. Every chart over time is bars
 * (the trend by day and by month, the hours): Chart.js ships as one module,
 * so a line's parts, once imported, could not be fetched later and would add
 * about 5 KB gzip to the panel's first load. No plugins: titles are page
 * headings (not Title), one series needs no legend, and the values a tooltip
 * would show are in each chart's data table (not Tooltip). Ranked lists are
 * HTML, so no pie, doughnut or treemap parts are loaded at all.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale);

export { Chart };
