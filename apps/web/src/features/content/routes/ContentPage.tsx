import '../../../styles/mantine-all.css';
import { Anchor, Loader, Stack, Text } from '@mantine/core';
import type { ContentKey } from '@marquee/contract';
import { Link } from 'react-router';
import { PATHS } from '../../../app/paths';
import { useContentPage } from '../api/get-content-detail';
import { ContentBody } from '../components/ContentBody';

function ContentView({ contentKey }: { contentKey: ContentKey }) {
  const { data, isPending, isError } = useContentPage(contentKey);
  return (
    <Stack gap="md">
      {data && <title>{`${data.title} · Marquee`}</title>}
      {isPending && <Loader size="sm" />}
      {isError && <Text c="red">This page could not be loaded.</Text>}
      {data && <ContentBody title={data.title} body={data.body} />}
      <Anchor component={Link} to={PATHS.login} size="sm">
        Back to sign in
      </Anchor>
    </Stack>
  );
}

export function TermsPage() {
  return <ContentView contentKey="terms" />;
}

export function PrivacyPage() {
  return <ContentView contentKey="privacy" />;
}
