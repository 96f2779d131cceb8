import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type ConfirmOptions, openConfirmAction } from './ConfirmAction';

export interface RowActionsProps {
  /** How the row is named in the buttons' accessible labels ("Edit Jazz", "Delete Jazz"). */
  name: string;
  /** Edit through a link to a screen, or through a handler (a modal). */
  edit?: { to: string } | { onClick: () => void };
  /** Activate/deactivate; with `confirm`, through the confirm dialog first. */
  status?: {
    active: boolean;
    onToggle: () => unknown;
    confirm?: Omit<ConfirmOptions, 'onConfirm'>;
  };
  /** Delete, always through the confirm dialog. */
  remove?: Omit<ConfirmOptions, 'danger'>;
  /** Further actions of this list, shown after the common ones. */
  children?: ReactNode;
}

/** The actions column every list shares: edit, activate/deactivate and delete, in that order. */
export function RowActions({ name, edit, status, remove, children }: RowActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      {edit && (
        <Tooltip label="Edit">
          {'to' in edit ? (
            <ActionIcon component={Link} to={edit.to} variant="subtle" aria-label={`Edit ${name}`}>
              <IconPencil size={18} />
            </ActionIcon>
          ) : (
            <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={edit.onClick}>
              <IconPencil size={18} />
            </ActionIcon>
          )}
        </Tooltip>
      )}
      {status && (
        <Button
          size="compact-sm"
          variant="subtle"
          color={status.active ? 'gray' : 'teal'}
          onClick={() =>
            status.confirm
              ? openConfirmAction({ ...status.confirm, onConfirm: status.onToggle })
              : status.onToggle()
          }
        >
          {status.active ? 'Deactivate' : 'Activate'}
        </Button>
      )}
      {remove && (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${name}`}
            onClick={() => openConfirmAction({ ...remove, danger: true })}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {children}
    </Group>
  );
}
