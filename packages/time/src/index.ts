export * from './formats.js';
export * from './schedule.js';
export * from './wall-clock.js';
export * from './zones.js';
