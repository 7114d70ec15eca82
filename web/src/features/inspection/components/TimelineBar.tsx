import { useMemo, useState } from 'react';
import { Button, Card, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { LinkOutlined, DisconnectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { formatDate, formatNumber } from '@/shared/utils/format';
import { PACKAGE_TYPE_LABELS, labelOf } from '../contracts';
import {
  useInspectionsListQuery,
  useTimelineLinkMutation,
  useTimelineGetQuery,
  useTimelineUnlinkMutation,
  type DefectView,
  type Inspection,
} from '../inspectionApi';
import { earlierInspections, timelineCounts } from '../logic';
import { TIMELINE_COLORS, timelineLabel } from '../labels';
import { LoadError, Refusal, SeverityTag, useCanEdit } from './common';
import { useSeedText } from '@/shared/useSeedText';

/**
 * The inspection's defect timeline: which earlier inspection it is linked to (link / unlink for
 * engineers: PUT / DELETE …/timeline-link), the defects per timeline status and the previous
 * inspection's defects not found again ("repaired").
 */
export function TimelineBar({ inspection, onOpenDefect }: { inspection: Inspection; onOpenDefect: (id: string) => void }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const st = useSeedText();
  const canEdit = useCanEdit(inspection.componentType);
  const timeline = useTimelineGetQuery({ id: inspection.inspectionId });
  const siblings = useInspectionsListQuery({ turbineId: inspection.turbineId, componentType: [inspection.componentType], pageIndex: 1, pageSize: 100 });
  const earlier = useMemo(() => earlierInspections(siblings.data?.results ?? [], inspection), [siblings.data, inspection]);
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const [link, linking] = useTimelineLinkMutation();
  const [unlink, unlinking] = useTimelineUnlinkMutation();
  const previousId = timeline.data?.previousInspectionId ?? inspection.previousInspectionId;
  const previous = (siblings.data?.results ?? []).find((i) => i.inspectionId === previousId);
  const label = (i: Pick<Inspection, 'inspectionDate' | 'packageType'>) =>
    `${formatDate(i.inspectionDate, locale)} · ${labelOf(PACKAGE_TYPE_LABELS, i.packageType as keyof (typeof PACKAGE_TYPE_LABELS)['en_us'], locale)}`;
  const counts = timelineCounts(timeline.data?.defects ?? []);
  const repaired = timeline.data?.repaired ?? [];
  const error = linking.error ?? unlinking.error;

  return (
    <Card size="small" className="insp-timeline-bar" data-testid="timeline-bar" title={t('timelineBar.title')} style={{ marginBottom: 12 }}>
      {timeline.error ? (
        <LoadError error={timeline.error} onRetry={() => void timeline.refetch()} />
      ) : (
        <>
          <Space wrap>
            <Typography.Text data-testid="timeline-link-state">
              {previousId ? t('timelineBar.linkedTo', { inspection: previous ? label(previous) : '…' }) : t('timelineBar.notLinked')}
            </Typography.Text>
            {canEdit && (
              <>
                <Select
                  style={{ minWidth: 240 }}
                  placeholder={earlier.length ? t('timelineBar.pick') : t('timelineBar.noEarlier')}
                  disabled={!earlier.length}
                  value={choice}
                  onChange={setChoice}
                  options={earlier.map((i) => ({ value: i.inspectionId, label: label(i) }))}
                  aria-label={t('timelineBar.pick')}
                  data-testid="timeline-previous"
                />
                <Button
                  icon={<LinkOutlined />}
                  disabled={!choice || choice === previousId}
                  loading={linking.isLoading}
                  onClick={() => {
                    unlinking.reset();
                    void link({ id: inspection.inspectionId, timelineLinkDto: { previousInspectionId: choice! } });
                  }}
                  data-testid="timeline-link"
                >
                  {t('timelineBar.link')}
                </Button>
                {previousId && (
                  <Popconfirm
                    title={t('timelineBar.unlinkConfirm')}
                    okText={t('timelineBar.unlink')}
                    cancelText={t('common.cancel')}
                    onConfirm={() => {
                      linking.reset();
                      void unlink({ id: inspection.inspectionId });
                    }}
                  >
                    <Button icon={<DisconnectOutlined />} loading={unlinking.isLoading} data-testid="timeline-unlink">
                      {t('timelineBar.unlink')}
                    </Button>
                  </Popconfirm>
                )}
              </>
            )}
          </Space>
          <Refusal error={error} testId="timeline-error" />
          <div style={{ marginTop: 8 }} data-testid="timeline-counts">
            {counts.map((c) => (
              <Tag key={c.status} color={TIMELINE_COLORS[c.status]} data-testid="timeline-count" data-status={c.status}>
                {t('timelineBar.count', { status: timelineLabel(c.status, locale), count: c.count })}
              </Tag>
            ))}
            <Tag color={TIMELINE_COLORS.REPAIRED} data-testid="timeline-repaired-count">
              {t('timelineBar.count', { status: timelineLabel('REPAIRED', locale), count: repaired.length })}
            </Tag>
          </div>
          {repaired.length > 0 && (
            <>
              <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
                {t('timelineBar.repaired')}
              </Typography.Text>
              <Table<DefectView>
                size="small"
                rowKey="defectId"
                pagination={false}
                dataSource={repaired}
                data-testid="timeline-repaired"
                onRow={(r) => ({ onClick: () => onOpenDefect(r.defectId), style: { cursor: 'pointer' } })}
                columns={[
                  { key: 'no', dataIndex: 'defectNo', title: t('defect.number') },
                  { key: 'type', dataIndex: 'defectType', title: t('defect.type'), render: (v: string) => st(v) },
                  {
                    key: 'blade',
                    dataIndex: 'bladePosition',
                    title: t('defect.blade'),
                    render: (v: number | null) => (v ? t('blade.title', { position: v }) : '–'),
                  },
                  {
                    key: 'distance',
                    dataIndex: 'distanceToRoot',
                    title: t('defect.distanceToRoot'),
                    render: (v: number | null) => (v === null ? '–' : t('common.meters', { value: formatNumber(v, locale) })),
                  },
                  {
                    key: 'severity',
                    dataIndex: 'severity',
                    title: t('defect.severity'),
                    render: (v: number | null) => <SeverityTag severity={v} />,
                  },
                ]}
              />
            </>
          )}
        </>
      )}
    </Card>
  );
}
