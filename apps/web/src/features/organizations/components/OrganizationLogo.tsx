import { Avatar } from '@mantine/core';
import type { Organization } from '@marquee/contract';

/** The logo's thumbnail, or the name's initials when there is no logo. */
export function OrganizationLogo({
  organization,
  size = 40,
}: {
  organization: Pick<Organization, 'name' | 'logo' | 'logoThumbnail'>;
  size?: number;
}) {
  const initials = organization.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
  return (
    <Avatar
      src={organization.logoThumbnail ?? organization.logo}
      alt={`${organization.name} logo`}
      size={size}
      radius="md"
      color="indigo"
    >
      {initials}
    </Avatar>
  );
}
