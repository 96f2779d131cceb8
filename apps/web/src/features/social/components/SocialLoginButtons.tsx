import { useQuery } from '@tanstack/react-query';
import { socialLoginProvidersQueryOptions } from '../api/get-social-login-providers';
import { SocialButtonList } from './SocialButtonList';

/** The buttons for the providers the server says it has configured, asked of it (see SocialSignIn). */
export function SocialLoginButtons() {
  const { data: providers = [] } = useQuery(socialLoginProvidersQueryOptions());
  return <SocialButtonList providers={providers} />;
}
