/** The public event pages' entry for other features: their addresses (the console links to them). */
export { previewEventPath, publicEventPath } from './paths';
