import { Modal } from '@mantine/core';
import type { CatalogRequest, RequestKind } from '@marquee/contract';
import { CatalogRequestForm } from './CatalogRequestForm';

/** The request form in a modal: the requests screen uses it, the event form will too. */
export function CatalogRequestModal({
  opened,
  onClose,
  defaultKind,
  kinds,
  defaultName,
  onSent,
}: {
  opened: boolean;
  onClose: () => void;
  defaultKind?: RequestKind;
  kinds?: readonly RequestKind[];
  defaultName?: string;
  onSent?: (request: CatalogRequest) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Request a catalog item" centered>
      <CatalogRequestForm
        defaultKind={defaultKind}
        kinds={kinds}
        defaultName={defaultName}
        onCancel={onClose}
        onSent={(request) => {
          onSent?.(request);
          onClose();
        }}
      />
    </Modal>
  );
}
