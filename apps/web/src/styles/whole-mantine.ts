// Mantine's whole stylesheet as a chunk of its own (its code is empty), for what loads it beside its own
// code instead of importing it: the admin area's screens but the dashboard (lib/routing.ts,
// `consoleScreen`), whose layout carries only the console's subset (./mantine-console.css).
import './mantine-all.css';
