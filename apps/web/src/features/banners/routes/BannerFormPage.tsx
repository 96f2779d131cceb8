import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { BannerBody, type BannerLinkType, type Visibility } from '@marquee/contract';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PATHS } from '../../../app/paths';
import { ImagePicker } from '../../../components/ImagePicker';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { STATUS_OPTIONS } from '../../../components/status-options';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { ZonedDateTimeInput } from '../../../components/ZonedDateTimeInput';
import { browserTimeZone } from '../../../lib/dates';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { useCategoryOptions } from '../../catalog';
import { useCreateBanner } from '../api/create-banner';
import { useBannerDetail } from '../api/get-banner-detail';
import { useUpdateBanner } from '../api/update-banner';
import { EventLinkSelect } from '../components/EventLinkSelect';
import { LINK_TYPE_OPTIONS, OFFERED_LINK_TYPES, VISIBILITY_OPTIONS } from '../components/labels';

interface Values {
  title: string;
  image: string;
  thumbnail: string | null;
  linkType: BannerLinkType;
  linkValue: string;
  visibility: Visibility;
  status: 'ACTIVE' | 'INACTIVE';
  /** Instants (ISO); null when open-ended. Edited in the administrator's browser zone. */
  activeFrom: string | null;
  activeTo: string | null;
}

const EMPTY: Values = {
  title: '',
  image: '',
  thumbnail: null,
  linkType: 'CATEGORY',
  linkValue: '',
  visibility: 'BOTH',
  status: 'ACTIVE',
  activeFrom: null,
  activeTo: null,
};

function toBody({ thumbnail: _t, ...v }: Values) {
  return v;
}

/** The link targets to offer: the ones a new banner may use, plus an event link the banner already has. */
const linkTypeOptions = (current: BannerLinkType) =>
  LINK_TYPE_OPTIONS.filter((o) => OFFERED_LINK_TYPES.includes(o.value) || o.value === current);

/** Add (`/banner-management/new`) or edit (`/banner-management/:bannerId/edit`) a banner. */
export function BannerFormPage() {
  const { bannerId } = useParams();
  const navigate = useNavigate();
  const detail = useBannerDetail(bannerId);
  const categories = useCategoryOptions();
  const create = useCreateBanner();
  const update = useUpdateBanner();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => {
      const parsed = BannerBody.safeParse(toBody(values));
      if (parsed.success) return {};
      return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    },
  });

  const loaded = detail.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once, when the banner arrives
  useEffect(() => {
    if (!loaded) return;
    form.setValues({
      title: loaded.title,
      image: loaded.image,
      thumbnail: loaded.thumbnail,
      linkType: loaded.linkType,
      linkValue: loaded.linkValue,
      visibility: loaded.visibility,
      status: loaded.status,
      activeFrom: loaded.activeFrom,
      activeTo: loaded.activeTo,
    });
    form.resetDirty();
  }, [loaded?._id]);

  const guard = useUnsavedChangesGuard(form.isDirty());
  const submit = submitWithServerErrors(form, async (values) => {
    if (bannerId) await update.mutateAsync({ ...toBody(values), bannerId });
    else await create.mutateAsync(toBody(values));
    guard.release();
    navigate(PATHS.bannerManagement);
  });

  if (bannerId && detail.isPending) return <PageLoader />;
  const title = bannerId ? 'Edit banner' : 'Add banner';
  const v = form.values;
  // Banners belong to no event, so their window is read in the administrator's own zone, as labelled.
  const zone = browserTimeZone();
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title={title} back={{ to: PATHS.bannerManagement, label: 'Banners' }} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <form onSubmit={submit} noValidate aria-label={title}>
          <Stack gap="md">
            <TextInput label="Title" required {...form.getInputProps('title')} />
            <ImagePicker
              label="Image"
              required
              description="A wide picture works best (for example 1200 × 400)."
              value={v.image ? [{ url: v.image, thumbnailUrl: v.thumbnail }] : []}
              onChange={(images) => {
                form.setFieldValue('image', images[0]?.url ?? '');
                form.setFieldValue('thumbnail', images[0]?.thumbnailUrl ?? null);
              }}
              error={form.errors.image as string | undefined}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Links to
              </Text>
              <SegmentedControl
                data={linkTypeOptions(v.linkType)}
                value={v.linkType}
                onChange={(value) => {
                  form.setFieldValue('linkType', value as BannerLinkType);
                  form.setFieldValue('linkValue', '');
                }}
                aria-label="Link type"
              />
            </Stack>
            {v.linkType === 'CATEGORY' && (
              <Select
                label="Category"
                required
                searchable
                data={(categories.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
                {...form.getInputProps('linkValue')}
              />
            )}
            {v.linkType === 'EVENT' && (
              <EventLinkSelect
                currentLabel={detail.data?.linkType === 'EVENT' ? detail.data.linkLabel : null}
                {...form.getInputProps('linkValue')}
              />
            )}
            {v.linkType === 'URL' && (
              <TextInput
                label="Web address"
                required
                placeholder="https://"
                {...form.getInputProps('linkValue')}
              />
            )}
            <Select
              label="Visibility"
              data={VISIBILITY_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('visibility')}
            />
            {/* Side by side only where a day and a time fit twice on one line. */}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ZonedDateTimeInput
                label="Active from"
                zone={zone}
                clearable
                description="Empty: from now"
                {...form.getInputProps('activeFrom')}
              />
              <ZonedDateTimeInput
                label="Active to"
                zone={zone}
                clearable
                description="Empty: no end"
                {...form.getInputProps('activeTo')}
              />
            </SimpleGrid>
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate(PATHS.bannerManagement)}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending || update.isPending}>
                {bannerId ? 'Save' : 'Create banner'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

export default BannerFormPage;
