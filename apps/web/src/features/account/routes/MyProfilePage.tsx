import '../../../styles/mantine-all.css';
import { Paper, Stack, Title } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { useSessionProfile } from '../../auth';
import { MobileVerification } from '../components/MobileVerification';
import { NonProfitSection } from '../components/NonProfitSection';
import { ProfileForm } from '../components/ProfileForm';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function MyProfilePage() {
  const profile = useSessionProfile();
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader
        title="My profile"
        description="Your name, sign-in details, mobile number and exemptions."
      />
      <Section title="Personal details">
        <ProfileForm profile={profile} />
      </Section>
      <Section title="Mobile number">
        <MobileVerification profile={profile} />
      </Section>
      <Section title="Non-profit exemption">
        <NonProfitSection profile={profile} />
      </Section>
    </Stack>
  );
}
