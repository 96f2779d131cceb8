// The charts' code (recharts through @mantine/charts, ~130 kB gzip with its d3/redux helpers) and their
// styles: loaded by LazyCharts.tsx only when a chart comes into view, never with a screen's first paint.
// Their tooltips and legends use Mantine's core components too (ColorSwatch…), which the dashboard's part
// of Mantine's styles (styles/mantine-console.css) leaves out: the whole stylesheet comes with them.
import '../../styles/mantine-all.css';
import '../../styles/mantine-charts.css';

export { AreaChart, BarChart, LineChart } from '@mantine/charts';
