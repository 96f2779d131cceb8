import { EnumBadge } from '../../../components/EnumBadge';

export function StatusBadge({ status }: { status: string }) {
  return <EnumBadge value={status} />;
}
