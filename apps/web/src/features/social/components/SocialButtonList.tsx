import { Button, Divider, Stack } from '@mantine/core';
import type { SocialLoginProviderInfo, SocialProvider } from '@marquee/contract';
import { IconBrandApple, IconBrandGoogle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { config } from '../../../lib/config';
import { REDIRECT_PARAM } from '../../auth';

const ICONS: Record<SocialProvider, typeof IconBrandGoogle> = {
  google: IconBrandGoogle,
  apple: IconBrandApple,
};

/**
 * "Continue with Google / Apple", one per provider given; nothing for none. Each is a plain link: the
 * server runs the OpenID Connect redirects and returns to /social-callback.
 */
export function SocialButtonList({ providers }: { providers: SocialLoginProviderInfo[] }) {
  const [searchParams] = useSearchParams();
  if (providers.length === 0) return null;
  const redirect = searchParams.get(REDIRECT_PARAM);
  const base = config.apiBaseUrls[0] ?? '';
  return (
    <Stack gap="sm">
      <Divider label="or" labelPosition="center" />
      {providers.map((provider) => {
        const Icon = ICONS[provider.id];
        const href = `${base}${provider.startPath}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;
        return (
          <Button
            key={provider.id}
            component="a"
            href={href}
            variant="default"
            fullWidth
            leftSection={<Icon size={18} aria-hidden />}
          >
            Continue with {provider.name}
          </Button>
        );
      })}
    </Stack>
  );
}
