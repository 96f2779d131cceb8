import { Avatar } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

export function Thumb({ src, alt }: { src: string | null; alt: string }) {
  return (
    <Avatar src={src} alt={alt} radius="sm" size={40} color="gray">
      <IconPhoto size={18} />
    </Avatar>
  );
}
