import { useState } from 'react';
import { Result, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/core/store';
import { useLocale } from '@/shared/useLocale';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { ErrorAlert } from '@/shared/components/ErrorAlert';
import {
  REPAIR_CAMPAIGN_STATUS_LABELS,
  REPAIR_PRIORITY_LABELS,
  REPAIR_STATUS_LABELS,
  Rights,
  hasRight,
  labelOf,
  type RepairCampaignStatusValue,
  type RepairStatusValue,
} from '../contracts';

/** What the signed-in user may do in the repair centre (the service checks the same rights). */
export function useRepairGrants() {
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const roles = useAppSelector((s) => s.session.personalInfo?.roles ?? []);
  const has = (r: string) => hasRight(denied, r);
  return {
    templateEdit: has(Rights.REPAIR_TEMPLATE_EDIT),
    templateShow: has(Rights.REPAIR_TEMPLATE_EDIT) || has(Rights.MENU_REPAIR_CONFIGURATION) || has(Rights.REPAIR_PLAN_SHOW),
    planShow: has(Rights.REPAIR_PLAN_SHOW) || has(Rights.REPAIR_PLAN_EDIT),
    planEdit: has(Rights.REPAIR_PLAN_EDIT),
    campaignShow: has(Rights.MENU_REPAIR_OVERVIEW) || has(Rights.MENU_REPAIR_CAMPAIGN) || has(Rights.REPAIR_PLAN_SHOW) || has(Rights.REPAIR_EDIT),
    campaignEdit: has(Rights.REPAIR_CAMPAIGN_EDIT),
    detailEdit: has(Rights.REPAIR_CAMPAIGN_DETAIL_EDIT),
    grant: has(Rights.REPAIR_TECHNICIAN_GRANT),
    technicianShow: has(Rights.TECHNICIAN_SHOW) || has(Rights.REPAIR_TECHNICIAN_GRANT),
    repairEdit: has(Rights.REPAIR_EDIT),
    isTechnician: roles.includes(87),
  };
}

/** A refused call's message in the user's language (SPEC §8 lookup), or nothing. */
export function RepairError({ error, testId, onClose }: { error: unknown; testId: string; onClose?: () => void }) {
  return <ErrorAlert error={error} testId={testId} onClose={onClose} style={{ margin: '8px 0' }} />;
}

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('repair');
  return <LoadFailedAlert error={error} title={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={onRetry} testId="repair-load-error" />;
}

export function NoAccess({ testId }: { testId: string }) {
  const { t } = useTranslation('repair');
  return <Result status="403" subTitle={t('common.noAccess')} data-testid={testId} />;
}

const REPAIR_STATUS_COLORS: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success', 4: 'error', 5: 'warning', 6: 'success' };
const CAMPAIGN_STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success' };

export function RepairStatusTag({ status }: { status: number }) {
  const locale = useLocale();
  return (
    <Tag color={REPAIR_STATUS_COLORS[status]} data-testid="repair-status">
      {labelOf(REPAIR_STATUS_LABELS, status as RepairStatusValue, locale)}
    </Tag>
  );
}

export function CampaignStatusTag({ status }: { status: number }) {
  const locale = useLocale();
  return (
    <Tag color={CAMPAIGN_STATUS_COLORS[status]} data-testid="campaign-status">
      {labelOf(REPAIR_CAMPAIGN_STATUS_LABELS, status as RepairCampaignStatusValue, locale)}
    </Tag>
  );
}

export function usePriorityLabel() {
  const locale = useLocale();
  return (p: number | null | undefined) => (p ? labelOf(REPAIR_PRIORITY_LABELS, p as 1 | 2 | 3 | 4, locale) : '–');
}

export function useRepairStatusOptions() {
  const locale = useLocale();
  return [1, 2, 3, 4, 5, 6].map((s) => ({ value: s, label: labelOf(REPAIR_STATUS_LABELS, s as RepairStatusValue, locale) }));
}

export function useCampaignStatusOptions() {
  const locale = useLocale();
  return [0, 1, 2].map((s) => ({ value: s, label: labelOf(REPAIR_CAMPAIGN_STATUS_LABELS, s as RepairCampaignStatusValue, locale) }));
}

/** antd Table sorter → the server's fieldToSort/descending (lists sort on the server). */
export function sortOf(sorter: unknown): { fieldToSort?: string; descending?: boolean } {
  const s = (Array.isArray(sorter) ? sorter[0] : sorter) as { field?: unknown; columnKey?: unknown; order?: 'ascend' | 'descend' | null } | undefined;
  if (!s?.order) return {};
  const field = String(s.columnKey ?? s.field);
  return { fieldToSort: field, descending: s.order === 'descend' };
}

/**
 * Rows chosen across pages (server paging): each click updates the choice from the latest state,
 * so quick successive clicks are never computed from a stale list.
 */
export function useRowChoice<T>(keyOf: (row: T) => string) {
  const [selected, setSelected] = useState<string[]>([]);
  const rowSelection = {
    selectedRowKeys: selected,
    preserveSelectedRowKeys: true,
    onSelect: (row: T, checked: boolean) => setSelected((s) => (checked ? [...new Set([...s, keyOf(row)])] : s.filter((k) => k !== keyOf(row)))),
    onSelectAll: (checked: boolean, _rows: T[], changed: T[]) => {
      const ids = changed.map(keyOf);
      setSelected((s) => (checked ? [...new Set([...s, ...ids])] : s.filter((k) => !ids.includes(k))));
    },
  };
  return { selected, setSelected, rowSelection };
}
