// Mantine's Select on its own, for DeferredSelect's `import()`: with it come Combobox and Floating UI.
export { Select } from '@mantine/core';
