import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { RepairDefectView } from '../repairApi';
import { usePriorityLabel } from '../components/common';
import { useSeedText } from '@/shared/useSeedText';

/** The defect columns both plan tables show (sortable ones sort on the server). */
export function useDefectColumns<T extends RepairDefectView>(): ColumnsType<T> {
  const { t } = useTranslation('repair');
  const st = useSeedText();
  const priority = usePriorityLabel();
  return [
    { key: 'defectNo', dataIndex: 'defectNo', title: t('plans.defectNo'), sorter: true },
    { key: 'turbineName', dataIndex: 'turbineName', title: t('plans.turbine'), sorter: true },
    { key: 'defectType', dataIndex: 'defectType', title: t('plans.type'), render: (v: string) => st(v) },
    { key: 'severity', dataIndex: 'severity', title: t('plans.severity'), sorter: true, render: (v: number | null) => v ?? '–' },
    { key: 'bladePosition', dataIndex: 'bladePosition', title: t('plans.blade'), render: (v: number | null) => v ?? '–' },
    { key: 'distanceToRoot', dataIndex: 'distanceToRoot', title: t('plans.distance'), sorter: true, render: (v: number | null) => v ?? '–' },
    { key: 'repairPriority', dataIndex: 'repairPriority', title: t('plans.priority'), sorter: true, render: (v: number | null) => priority(v) },
    {
      key: 'timelineStatus',
      dataIndex: 'timelineStatus',
      title: t('plans.timeline'),
      render: (v: string | null) => (v ? t(`plans.timelineStatus.${v}`, { defaultValue: v }) : '–'),
    },
    { key: 'campaignName', dataIndex: 'campaignName', title: t('plans.campaign'), render: (v: string | null) => v ?? '–' },
  ];
}
