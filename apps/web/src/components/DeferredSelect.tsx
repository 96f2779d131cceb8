import { ComboboxChevron, InputBase, type SelectProps } from '@mantine/core';
import type { ComponentType } from 'react';
import { useOpenedWhenAsked, useStandIn } from '../lib/use-loaded-component';

// Select is generic in its value; the dashboard's values are strings.
const loadSelect = () => import('./LoadedSelect').then((m) => m.Select as ComponentType<SelectProps>);

type Option = { value: string; label: string };

/** The loaded Select, opened when the stand-in was tapped (perhaps just before or after the code came). */
function OpenedWhenAsked({
  Select,
  props,
  openAsked,
  focus,
}: {
  Select: ComponentType<SelectProps>;
  props: SelectProps;
  openAsked: boolean;
  focus: boolean;
}) {
  const [opened, setOpened] = useOpenedWhenAsked(openAsked);
  return (
    <Select
      {...props}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      autoFocus={focus || openAsked}
    />
  );
}

/**
 * Mantine's Select, for a first screen that must paint before the picker's code (Combobox and Floating UI,
 * ~20 kB gzip) has come: the field shows its label and chosen option in the same input, read-only. The
 * code is fetched when someone shows an intent to use it (the pointer over it, the focus on it), so a
 * screen nobody filters never pays for it (docs/performance.md, "Why the dashboard's LCP sits at 3.5 s"),
 * and the picker takes the field's place when it is tapped or a key is pressed in it, opened, with the
 * focus kept in it. `data` is a list of `{ value, label }`.
 */
export function DeferredSelect(props: SelectProps & { data: Option[] }) {
  const { Loaded: Select, taken, focused, take, standInProps } = useStandIn(loadSelect);
  if (Select) return <OpenedWhenAsked Select={Select} props={props} openAsked={taken} focus={focused} />;
  const chosen = props.data.find((option) => option.value === props.value);
  return (
    <InputBase
      // The same classes as the Select's own input, so nothing moves when it takes over.
      __staticSelector="Select"
      label={props.label}
      error={props.error}
      disabled={props.disabled}
      className={props.className}
      size={props.size}
      value={chosen?.label ?? ''}
      readOnly
      // What the Select's input says of itself, so a screen reader hears the same field before and after.
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      {...standInProps}
      onKeyDown={(event) => {
        if (event.key !== 'Tab') take();
      }}
      rightSection={<ComboboxChevron size={props.size} error={props.error} />}
      rightSectionPointerEvents="none"
    />
  );
}
