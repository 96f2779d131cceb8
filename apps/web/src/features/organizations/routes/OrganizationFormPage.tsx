import { Button, Group, Paper, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { OrganizationBody, SOCIAL_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from '@marquee/contract';
import { zoneLabel } from '@marquee/time';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { organizationPath, PATHS } from '../../../app/paths';
import { ImagePicker } from '../../../components/ImagePicker';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { browserTimeZone } from '../../../lib/dates';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http';
import { useCreateOrganization } from '../api/create-organization';
import { organizationDetailQuery } from '../api/get-organization-detail';
import { useUpdateOrganization } from '../api/update-organization';
import { zodFieldErrors } from '../components/form-validation';
import { currencyOptions } from '../components/labels';
import { RefundSettingForm, TicketSettingForm } from '../components/SettingsForms';

interface Values {
  name: string;
  description: string;
  logo: string;
  logoThumbnail: string | null;
  contactEmail: string;
  contactPhone: string;
  address: string;
  website: string;
  socialLinks: Record<SocialNetwork, string>;
  currency: string;
  timeZone: string;
}

/** Every zone the browser knows, labelled with its offset; a stored zone it lists under another name still shows. */
function zoneChoices(current: string) {
  const now = new Date();
  const listed = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')].map((zone) => ({
    value: zone,
    label: zoneLabel(zone, now),
  }));
  return current && !listed.some((z) => z.value === current)
    ? [{ value: current, label: current }, ...listed]
    : listed;
}

const EMPTY_SOCIAL = Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, ''])) as Record<SocialNetwork, string>;

function toBody({ logoThumbnail: _t, logo, ...v }: Values) {
  return { ...v, logo: logo || null };
}

/**
 * `/organizations/new` and `/organizations/:organizationId/edit`: the profile, and on edit the refund
 * and ticket settings as sections of their own (docs/routes.md).
 */
export function OrganizationFormPage() {
  const { organizationId } = useParams();
  const navigate = useNavigate();
  const detail = useQuery({
    ...organizationDetailQuery(organizationId ?? ''),
    enabled: !!organizationId,
  });
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const currencies = useMemo(currencyOptions, []);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name: '',
      description: '',
      logo: '',
      logoThumbnail: null,
      contactEmail: '',
      contactPhone: '',
      address: '',
      website: '',
      socialLinks: EMPTY_SOCIAL,
      currency: 'USD',
      // A new organization reads its dashboard days where the organizer is.
      timeZone: browserTimeZone(),
    },
    validate: (values) => zodFieldErrors(OrganizationBody, toBody(values)),
  });

  const loaded = detail.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once, when the organization arrives
  useEffect(() => {
    if (!loaded) return;
    form.setValues({
      name: loaded.name,
      description: loaded.description,
      logo: loaded.logo ?? '',
      logoThumbnail: loaded.logoThumbnail,
      contactEmail: loaded.contactEmail ?? '',
      contactPhone: loaded.contactPhone ?? '',
      address: loaded.address ?? '',
      website: loaded.website ?? '',
      socialLinks: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, loaded.socialLinks[n] ?? ''])) as Record<
        SocialNetwork,
        string
      >,
      currency: loaded.currency,
      timeZone: loaded.timeZone,
    });
    form.resetDirty();
  }, [loaded?._id]);

  const guard = useUnsavedChangesGuard(form.isDirty());
  const submit = submitWithServerErrors(form, async (values) => {
    const saved = organizationId
      ? await update.mutateAsync({ ...toBody(values), organizationId })
      : await create.mutateAsync(toBody(values));
    guard.release();
    navigate(organizationPath(saved.result._id));
  });

  if (organizationId && detail.isPending) return <PageLoader />;
  if (organizationId && (detail.error instanceof HttpError || loaded?.access === 'MEMBER')) {
    return <NotFoundMessage />;
  }

  const title = organizationId ? `Edit ${loaded?.name ?? 'organization'}` : 'Add organization';
  const v = form.values;
  const zones = zoneChoices(v.timeZone);
  return (
    <Stack gap="lg" maw={820}>
      <PageHeader
        title={title}
        back={
          organizationId
            ? { to: organizationPath(organizationId), label: loaded?.name ?? 'the organization' }
            : { to: PATHS.organizations, label: 'Organizations' }
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <form onSubmit={submit} noValidate aria-label="Organization profile">
          <Stack gap="md">
            <Title order={2} fz="lg">
              Profile
            </Title>
            <TextInput label="Name" required {...form.getInputProps('name')} />
            <Textarea
              label="Description"
              autosize
              minRows={3}
              maxRows={10}
              {...form.getInputProps('description')}
            />
            <ImagePicker
              label="Logo"
              description="A square picture works best."
              value={v.logo ? [{ url: v.logo, thumbnailUrl: v.logoThumbnail }] : []}
              onChange={(images) => {
                form.setFieldValue('logo', images[0]?.url ?? '');
                form.setFieldValue('logoThumbnail', images[0]?.thumbnailUrl ?? null);
              }}
              error={form.errors.logo as string | undefined}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Contact email" type="email" {...form.getInputProps('contactEmail')} />
              <TextInput label="Contact phone" type="tel" {...form.getInputProps('contactPhone')} />
            </SimpleGrid>
            <TextInput label="Address" {...form.getInputProps('address')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Website" placeholder="https://" {...form.getInputProps('website')} />
              <Select
                label="Currency"
                description="Prices and payouts of this organization's events"
                searchable
                allowDeselect={false}
                data={currencies}
                {...form.getInputProps('currency')}
              />
              <Select
                label="Time zone"
                description="The days of this organization's dashboard figures and charts"
                searchable
                allowDeselect={false}
                nothingFoundMessage="No time zone matches"
                data={zones}
                {...form.getInputProps('timeZone')}
              />
            </SimpleGrid>
            <Title order={3} fz="md" mt="xs">
              Social links
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {SOCIAL_NETWORKS.map((n) => (
                <TextInput
                  key={n}
                  label={SOCIAL_LABELS[n]}
                  placeholder="https://"
                  {...form.getInputProps(`socialLinks.${n}`)}
                />
              ))}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() =>
                  navigate(organizationId ? organizationPath(organizationId) : PATHS.organizations)
                }
              >
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending || update.isPending}>
                {organizationId ? 'Save profile' : 'Create organization'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {loaded && (
        <>
          <RefundSettingForm key={`refund-${loaded._id}`} organization={loaded} />
          <TicketSettingForm key={`ticket-${loaded._id}`} organization={loaded} />
        </>
      )}
    </Stack>
  );
}

export default OrganizationFormPage;
