import { Group, TextInput } from '@mantine/core';
import { DASHBOARD_PERIOD_LABELS, DASHBOARD_PERIODS, type DashboardPeriod } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DeferredSelect } from '../../../components/DeferredSelect';
import type { DashboardChoice } from '../api/organizer-dashboard';
import { organizationChoicesQuery } from '../api/panel-organization-list';
import classes from './dashboard.module.css';

const PERIOD_OPTIONS = DASHBOARD_PERIODS.map((value) => ({ value, label: DASHBOARD_PERIOD_LABELS[value] }));
const ALL = '';

/**
 * The organization and period of the dashboard. Custom days are kept as typed here and handed on once
 * both are whole dates, so a half-typed date never reaches the URL; the server's field errors come back
 * under the fields.
 */
export function DashboardFilters({
  choice,
  onChange,
  fieldErrors,
  loadOrganizations = true,
}: {
  choice: DashboardChoice;
  onChange: (next: Partial<DashboardChoice>) => void;
  fieldErrors: Record<string, string>;
  /** False: the organizations are not asked for yet (the choice stays as it is, disabled, meanwhile). */
  loadOrganizations?: boolean;
}) {
  const organizations = useQuery({ ...organizationChoicesQuery(), enabled: loadOrganizations });
  const [from, setFrom] = useState(choice.from);
  const [to, setTo] = useState(choice.to);
  useEffect(() => {
    setFrom(choice.from);
    setTo(choice.to);
  }, [choice.from, choice.to]);

  const options = [
    { value: ALL, label: 'All organizations' },
    ...(organizations.data?.items ?? []).map((o) => ({ value: o._id, label: o.name })),
  ];
  const setDay = (field: 'from' | 'to', value: string) => {
    if (field === 'from') setFrom(value);
    else setTo(value);
    const next = { from, to, [field]: value };
    if (/^\d{4}-\d{2}-\d{2}$/.test(next.from) && /^\d{4}-\d{2}-\d{2}$/.test(next.to)) onChange(next);
  };

  return (
    <Group gap="sm" align="flex-start" wrap="wrap" data-testid="dashboard-filters">
      <DeferredSelect
        label="Organization"
        data={options}
        value={choice.organizationId}
        onChange={(value) => onChange({ organizationId: value ?? ALL })}
        allowDeselect={false}
        searchable
        nothingFoundMessage="No organization matches"
        disabled={organizations.isPending}
        error={fieldErrors.organizationId}
        className={`${classes.filter} ${classes.organizationFilter}`}
        comboboxProps={{ withinPortal: true }}
      />
      <DeferredSelect
        label="Period"
        data={PERIOD_OPTIONS}
        value={choice.period}
        onChange={(value) => value && onChange({ period: value as DashboardPeriod })}
        allowDeselect={false}
        error={fieldErrors.period}
        className={`${classes.filter} ${classes.periodFilter}`}
      />
      {choice.period === 'CUSTOM' && (
        <>
          <TextInput
            type="date"
            label="From"
            value={from}
            max={to || undefined}
            onChange={(e) => setDay('from', e.currentTarget.value)}
            error={fieldErrors.from}
            className={`${classes.filter} ${classes.dayFilter}`}
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            min={from || undefined}
            onChange={(e) => setDay('to', e.currentTarget.value)}
            error={fieldErrors.to}
            className={`${classes.filter} ${classes.dayFilter}`}
          />
        </>
      )}
    </Group>
  );
}
