// The charts' code (recharts through @mantine/charts, ~130 kB gzip with its d3/redux helpers) and their
// styles: loaded by LazyCharts.tsx only when a chart comes into view, never with a screen's first paint.
import '@mantine/charts/styles.css';

export { AreaChart, BarChart, LineChart } from '@mantine/charts';
