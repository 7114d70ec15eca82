import { useState } from 'react';
import { Alert, App, Button, Card, Form, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { ErrorAlert } from '@/shared/components/ErrorAlert';
import { severityColor } from '@/shared/contracts';
import { useLocale } from '@/shared/useLocale';
import { DOWNLOAD_QUEUE_PATH } from '@/features/report';
import {
  useReportTasksForParkMutation,
  useSearchSinglePointQuery,
  type DefectHitView,
} from '../dataCenterApi';
import { viewIndexOptions, viewIndexText } from '../labels';
import { Gallery } from '../search/Gallery';
import { viewDefectLink } from '../search/SearchExportPage';
import { useParkTurbines } from '../useParkTurbines';
import '../dataCenter.css';

interface Point {
  turbineId: string;
  bladePosition: number;
  viewIndex?: number;
  distanceToRoot: number;
  tolerance?: number;
}

/**
 * /dataHanding/singlePointExport: every image and defect covering one point of a blade (blade,
 * side, distance from the root ± a tolerance) across the turbine's inspections, newest first;
 * the defects exported to Excel through the report service.
 */
export function Component() {
  const { t } = useTranslation('dataCenter');
  const locale = useLocale();
  const { message } = App.useApp();
  const { parkId, setParkId, parkOptions, turbineOptions } = useParkTurbines();
  const [point, setPoint] = useState<Point | null>(null);
  const q = useSearchSinglePointQuery(point ?? skipToken);
  const [createReport, creation] = useReportTasksForParkMutation();
  const [queued, setQueued] = useState(false);

  return (
    <div className="dc-page" data-testid="page-singlePointExport">
      <Typography.Title level={4}>{t('singlePoint.title')}</Typography.Title>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Form<Point> layout="vertical" initialValues={{ bladePosition: 1, tolerance: 1 }} onFinish={(v) => { setQueued(false); setPoint(v); }}>
          <div className="dc-filters">
            <Form.Item label={t('filters.park')} style={{ minWidth: 200 }}>
              <Select showSearch={{ optionFilterProp: 'label' }} value={parkId} onChange={setParkId} options={parkOptions} aria-label={t('filters.park')} />
            </Form.Item>
            <Form.Item name="turbineId" label={t('filters.turbine')} rules={[{ required: true, message: t('singlePoint.pickTurbine') }]} style={{ minWidth: 180 }}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={turbineOptions} />
            </Form.Item>
            <Form.Item name="bladePosition" label={t('filters.blade')}>
              <Select style={{ width: 100 }} options={[1, 2, 3].map((b) => ({ value: b, label: t('search.bladeN', { n: b }) }))} />
            </Form.Item>
            <Form.Item name="viewIndex" label={t('filters.side')} style={{ minWidth: 140 }}>
              <Select allowClear placeholder={t('filters.any')} options={viewIndexOptions(locale)} />
            </Form.Item>
            <Form.Item name="distanceToRoot" label={t('singlePoint.distance')} rules={[{ required: true, message: t('singlePoint.pickDistance') }]}>
              <InputNumber min={-5} step={0.5} />
            </Form.Item>
            <Form.Item name="tolerance" label={t('singlePoint.tolerance')}>
              <InputNumber min={0} max={20} step={0.5} />
            </Form.Item>
          </div>
          <Space>
            <Button type="primary" htmlType="submit" loading={q.isFetching}>
              {t('search.submit')}
            </Button>
            <Button
              disabled={!q.data?.defects.length || !parkId}
              loading={creation.isLoading}
              onClick={async () => {
                const r = await createReport({ id: parkId!, createReportTaskDto: { format: 'xlsx', defectIds: q.data!.defects.map((d) => d.defectId) } });
                if ('data' in r) {
                  setQueued(true);
                  void message.success(t('export.queuedShort'));
                }
              }}
            >
              {t('export.defects')}
            </Button>
          </Space>
        </Form>
        <ErrorAlert error={creation.error} style={{ marginTop: 8 }} />
        {queued && <Alert type="success" showIcon style={{ marginTop: 8 }} title={t('export.queuedShort')} action={<Link to={DOWNLOAD_QUEUE_PATH}>{t('export.openQueue')}</Link>} />}
      </Card>
      <ErrorAlert error={q.error} />
      {q.data && (
        <>
          <Table<DefectHitView>
            rowKey="defectId"
            size="small"
            dataSource={q.data.defects}
            pagination={false}
            style={{ marginBottom: 12 }}
            columns={[
              { key: 'date', dataIndex: 'inspectionDate', title: t('table.date') },
              { key: 'no', dataIndex: 'defectNo', title: t('table.defectNo'), render: (v: string, d) => <Link to={viewDefectLink(d.defectId)}>{v}</Link> },
              { key: 'side', dataIndex: 'position', title: t('filters.side'), render: (v: number | null) => viewIndexText(v, locale) },
              { key: 'dist', dataIndex: 'distanceToRoot', title: t('table.distance') },
              { key: 'type', dataIndex: 'defectType', title: t('filters.type') },
              { key: 'sev', dataIndex: 'severity', title: t('filters.severity'), render: (v: number | null) => <span className="dc-sev" style={{ background: severityColor(v) }}>{v ?? '—'}</span> },
              { key: 'size', title: t('singlePoint.size'), render: (_: unknown, d) => (d.sizeLength !== null ? `${d.sizeLength} × ${d.sizeWidth ?? '—'}` : '—') },
            ]}
            data-testid="dc-point-defects"
          />
          <Gallery images={q.data.images} total={q.data.images.length} page={{ pageIndex: 1, pageSize: Math.max(q.data.images.length, 1) }} onPage={() => undefined} onOpen={() => undefined} locale={locale} loading={q.isFetching} />
        </>
      )}
    </div>
  );
}
