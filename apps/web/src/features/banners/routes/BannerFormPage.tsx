import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BannerBody,
  type BannerLinkType,
  createBanner,
  getBannerDetail,
  getCategoryList,
  updateBanner,
  type Visibility,
} from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PATHS } from '../../../app/paths';
import { AdminOnly } from '../../../components/AdminOnly';
import { ImagePicker } from '../../../components/ImagePicker';
import { PageLoader } from '../../../components/PageLoader';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { routeQuery, useRouteMutation } from '../../../lib/api-hooks';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { STATUS_OPTIONS } from '../../catalog/components/options';
import { PageHeader } from '../../catalog/components/PageHeader';
import { LINK_TYPE_OPTIONS, VISIBILITY_OPTIONS } from '../components/labels';

interface Values {
  title: string;
  image: string;
  thumbnail: string | null;
  linkType: BannerLinkType;
  linkValue: string;
  visibility: Visibility;
  status: 'ACTIVE' | 'INACTIVE';
  /** `datetime-local` values in the browser's zone; '' when open-ended. */
  activeFrom: string;
  activeTo: string;
}

const EMPTY: Values = {
  title: '',
  image: '',
  thumbnail: null,
  linkType: 'CATEGORY',
  linkValue: '',
  visibility: 'BOTH',
  status: 'ACTIVE',
  activeFrom: '',
  activeTo: '',
};

const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const toIso = (local: string) => (local ? new Date(local).toISOString() : null);

function toBody({ thumbnail: _t, activeFrom, activeTo, ...v }: Values) {
  return { ...v, activeFrom: toIso(activeFrom), activeTo: toIso(activeTo) };
}

/** Add (`/banner-management/new`) or edit (`/banner-management/:bannerId/edit`) a banner. */
export function BannerFormPage() {
  const { bannerId } = useParams();
  const navigate = useNavigate();
  const detail = useQuery({
    ...routeQuery(getBannerDetail, { bannerId: bannerId ?? '' }),
    enabled: !!bannerId,
  });
  const categories = useQuery(routeQuery(getCategoryList, {}));
  const invalidates = ['/api/v1/admin/banner'];
  const create = useRouteMutation(createBanner, { invalidates });
  const update = useRouteMutation(updateBanner, { invalidates });
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
      activeFrom: toLocal(loaded.activeFrom),
      activeTo: toLocal(loaded.activeTo),
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
  return (
    <AdminOnly>
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
                  data={LINK_TYPE_OPTIONS}
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
                <TextInput
                  label="Event id"
                  required
                  description="The event's id, as shown on its page."
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
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  type="datetime-local"
                  label="Active from"
                  description="Empty: from now"
                  {...form.getInputProps('activeFrom')}
                />
                <TextInput
                  type="datetime-local"
                  label="Active to"
                  description="Empty: no end"
                  {...form.getInputProps('activeTo')}
                />
              </Group>
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
    </AdminOnly>
  );
}

export default BannerFormPage;
