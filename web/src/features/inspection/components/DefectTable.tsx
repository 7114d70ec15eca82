import { useState } from 'react';
import { Table, Tag } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { formatNumber } from '@/shared/utils/format';
import { useDefectsListQuery, type Defect, type DefectSortField } from '../inspectionApi';
import { DPS_COLORS, TIMELINE_COLORS, dpsLabel, repairPriorityLabel, timelineLabel, viewLabel } from '../labels';
import { LoadError, SeverityTag } from './common';
import { useSeedText } from '@/shared/useSeedText';

const SORTABLE: readonly DefectSortField[] = ['defectNo', 'severity', 'defectType', 'distanceToRoot', 'dpsStatus', 'createdAt'];

/** The defects of an inspection (one blade or all), paged and sorted on the server. */
export function DefectTable({ inspectionId, bladePosition, onOpen }: { inspectionId: string; bladePosition: number | null; onOpen: (defectId: string) => void }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const st = useSeedText();
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const [sort, setSort] = useState<{ fieldToSort?: DefectSortField; descending?: boolean }>({});
  const q = useDefectsListQuery({ inspectionId, bladePosition: bladePosition ? [bladePosition] : undefined, ...page, ...sort });
  const m = (v: number | null) => (v === null ? '–' : t('common.meters', { value: formatNumber(v, locale) }));
  const order = (f: DefectSortField) => (sort.fieldToSort === f ? (sort.descending ? 'descend' : 'ascend') : null);
  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <Table<Defect>
      size="small"
      rowKey="defectId"
      data-testid="defect-table"
      loading={q.isFetching}
      dataSource={q.data?.results ?? []}
      locale={{ emptyText: t('defects.none') }}
      onRow={(r) => ({ onClick: () => onOpen(r.defectId), style: { cursor: 'pointer' } })}
      pagination={{
        current: page.pageIndex,
        pageSize: page.pageSize,
        total: q.data?.totalCount ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('common.total', { count: total, total: formatNumber(total, locale) }),
      }}
      onChange={(p, _f, sorter) => {
        const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Defect>;
        const field = s?.order ? (s.columnKey as DefectSortField) : undefined;
        const next = field && SORTABLE.includes(field) ? { fieldToSort: field, descending: s.order === 'descend' } : {};
        const sortChanged = next.fieldToSort !== sort.fieldToSort || next.descending !== sort.descending;
        setSort(next);
        setPage({ pageIndex: sortChanged ? 1 : (p.current ?? 1), pageSize: p.pageSize ?? 10 });
      }}
      columns={[
        { key: 'defectNo', dataIndex: 'defectNo', title: t('defect.number'), sorter: true, sortOrder: order('defectNo'), width: 100 },
        { key: 'severity', dataIndex: 'severity', title: t('defect.severity'), sorter: true, sortOrder: order('severity'), render: (v) => <SeverityTag severity={v} /> },
        { key: 'defectType', dataIndex: 'defectType', title: t('defect.type'), sorter: true, sortOrder: order('defectType'), render: (v: string) => st(v) },
        { key: 'bladePosition', dataIndex: 'bladePosition', title: t('defect.blade'), render: (v) => (v ? t('blade.title', { position: v }) : '–') },
        { key: 'position', dataIndex: 'position', title: t('defect.position'), render: (v) => viewLabel(v, locale) },
        { key: 'distanceToRoot', dataIndex: 'distanceToRoot', title: t('defect.distanceToRoot'), sorter: true, sortOrder: order('distanceToRoot'), render: m },
        {
          key: 'size',
          title: t('defect.size'),
          render: (_, r) => (r.sizeLength === null && r.sizeWidth === null ? '–' : t('defect.sizeValue', { length: formatNumber(r.sizeLength, locale), width: formatNumber(r.sizeWidth, locale) })),
        },
        { key: 'dpsStatus', dataIndex: 'dpsStatus', title: t('defect.dpsStatus'), sorter: true, sortOrder: order('dpsStatus'), render: (v: number) => <Tag color={DPS_COLORS[v]}>{dpsLabel(v, locale)}</Tag> },
        { key: 'timeline', dataIndex: 'timelineStatus', title: t('defect.timelineStatus'), render: (v: string) => <Tag color={TIMELINE_COLORS[v]}>{timelineLabel(v, locale)}</Tag> },
        { key: 'repairPriority', dataIndex: 'repairPriority', title: t('defect.repairPriority'), render: (v: number | null) => (v ? repairPriorityLabel(v, locale) : '–') },
      ]}
    />
  );
}
