import { Anchor, Badge, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { AdminUserDetail } from '@marquee/contract';
import { Link } from 'react-router';
import { EnumBadge } from '../../../components/EnumBadge';
import { formatDate, formatDateTimeSeconds } from '../../../lib/dates';
import { auditLogPath } from '../../audit-log/paths';
import { DetailField } from './DetailField';
import { NEUTRAL_NONE, NON_PROFIT_LABELS } from './labels';
import { RequestBadge, RoleBadge, UserStatusBadge } from './UserBadges';

const when = (value: string | null) => (value ? formatDateTimeSeconds(value) : '—');

export function BasicProfileTab({ user }: { user: AdminUserDetail }) {
  const request = user.organizerRequestDetail;
  const exemption = user.nonProfitDetail;
  return (
    <Stack gap="xs" data-testid="basic-profile">
      <DetailField label="First name">{user.firstName || '—'}</DetailField>
      <DetailField label="Last name">{user.lastName || '—'}</DetailField>
      <DetailField label="Username">{user.username}</DetailField>
      <DetailField label="Email">{user.email}</DetailField>
      <DetailField label="Phone">
        {user.phone ? (
          <Group gap="xs">
            {user.phone}
            <Badge variant="light" color={user.phoneVerified ? 'teal' : 'gray'} tt="none">
              {user.phoneVerified ? 'Verified' : 'Not verified'}
            </Badge>
          </Group>
        ) : (
          '—'
        )}
      </DetailField>
      <DetailField label="Role">
        <RoleBadge role={user.role} />
      </DetailField>
      <DetailField label="Status">
        <UserStatusBadge status={user.status} />
      </DetailField>
      {user.status === 'BLOCKED' && (
        <>
          <DetailField label="Blocked on">{when(user.blockedAt)}</DetailField>
          <DetailField label="Reason for blocking">{user.blockedReason || '—'}</DetailField>
        </>
      )}
      <DetailField label="Organizations owned">{user.organizationCount}</DetailField>
      <DetailField label="Orders placed">{user.bookingCount}</DetailField>
      <DetailField label="Joined">{formatDate(user.createdAt)}</DetailField>
      <DetailField label="Last updated">{when(user.updatedAt)}</DetailField>
      <DetailField label="Last sign-in">{when(user.lastSignInAt)}</DetailField>
      <DetailField label="Last seen">{when(user.lastSeenAt)}</DetailField>

      <Divider my="sm" />
      <Title order={2} size="h4">
        Organizer request
      </Title>
      <DetailField label="State">
        <RequestBadge value={user.organizerRequest} />
      </DetailField>
      {request && (
        <>
          <DetailField label="Organization">{request.organizationName}</DetailField>
          <DetailField label="What they run">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {request.description}
            </Text>
          </DetailField>
          <DetailField label="Website">
            {request.website ? (
              <Anchor href={request.website} target="_blank" rel="noreferrer">
                {request.website}
              </Anchor>
            ) : (
              '—'
            )}
          </DetailField>
          <DetailField label="Contact phone">{request.phone}</DetailField>
          <DetailField label="Submitted">{when(request.submittedAt)}</DetailField>
          {request.decidedAt && <DetailField label="Decided">{when(request.decidedAt)}</DetailField>}
          {request.decisionReason && (
            <DetailField label="Decision reason">{request.decisionReason}</DetailField>
          )}
        </>
      )}

      <Divider my="sm" />
      <Title order={2} size="h4">
        Non-profit exemption
      </Title>
      <DetailField label="State">
        <EnumBadge value={user.nonProfit} labels={NON_PROFIT_LABELS} colors={NEUTRAL_NONE} />
      </DetailField>
      {exemption && (
        <>
          <DetailField label="Legal name">{exemption.legalName}</DetailField>
          <DetailField label="Registration number">{exemption.registrationNumber}</DetailField>
          <DetailField label="Document">
            <Anchor href={exemption.documentUrl} target="_blank" rel="noreferrer">
              Open the document
            </Anchor>
          </DetailField>
          <DetailField label="Submitted">{when(exemption.submittedAt)}</DetailField>
          {exemption.decidedAt && <DetailField label="Decided">{when(exemption.decidedAt)}</DetailField>}
          {exemption.decisionReason && (
            <DetailField label="Decision reason">{exemption.decisionReason}</DetailField>
          )}
        </>
      )}
      <Divider my="sm" />
      <Anchor component={Link} to={auditLogPath({ entityType: 'USER', entityId: user._id })} size="sm">
        Changes to this account in the audit log
      </Anchor>
    </Stack>
  );
}
