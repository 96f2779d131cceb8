import { Button, Group } from '@mantine/core';

/** The footer of a create-or-edit form: Cancel, and Create or Save while the call runs. */
export function FormActions({
  editing,
  pending,
  onCancel,
}: {
  editing: boolean;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        {editing ? 'Save' : 'Create'}
      </Button>
    </Group>
  );
}
