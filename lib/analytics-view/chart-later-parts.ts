/**
 * The Chart.js parts fetched after the first chart is drawn: the treemap
 * controller and element (chartjs-chart-treemap, a module of its own, so it
 * really leaves the first chart's chunk). Only the treemap block needs them;
 * it waits for this module.
 */
import { Chart } from 'chart.js';
import { TreemapController, TreemapElement } from 'chartjs-chart-treemap';

Chart.register(TreemapController, TreemapElement);
