import { EnumBadge } from './EnumBadge';

export function StatusBadge({ status }: { status: string }) {
  return <EnumBadge value={status} />;
}
