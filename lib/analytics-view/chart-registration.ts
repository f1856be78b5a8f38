/**
 * The Chart.js parts the side panel draws with: bars and lines on category
 * and linear scales, registered before the first chart. No plugins: titles
 * are page headings (not Title), one series needs no legend, and the values
 * a tooltip would show are in each chart's data table (not Tooltip). Ranked
 * lists are HTML, so no pie, doughnut or treemap parts are loaded at all.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement } from 'chart.js';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale);

export { Chart };
