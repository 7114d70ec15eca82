import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Drawer, Form, List, Select, Space, Table, Tabs, Typography } from 'antd';
import type { TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { errorMessageOf } from '@/core/api/errorMessage';
import { ErrorAlert } from '@/shared/components/ErrorAlert';
import { EXPORT_MAX_DEFECTS, severityColor } from '@/shared/contracts';
import { useLocale } from '@/shared/useLocale';
import { DOWNLOAD_QUEUE_PATH } from '@/features/report';
import {
  EXPORT_SELECTION_PATH,
  IMAGE_EXPORT_SELECTION_PATH,
  useLazySearchExportSelectionQuery,
  useLazySearchImageExportSelectionQuery,
  useParkListsAllPermittedProjectFarmsQuery,
  useReportTasksForParkMutation,
  useSearchDefectsQuery,
  useSearchImagesQuery,
  useTurbinesListQuery,
  type DefectHitView,
  type ImageExportSelectionView,
  type ImageHitView,
  type SearchDefectsApiArg,
} from '../dataCenterApi';
import { componentOptions, componentText, dpsOptions, dpsText, repairOptions, repairText, timelineOptions, timelineText, viewIndexOptions, viewIndexText } from '../labels';
import { Gallery } from './Gallery';
import '../dataCenter.css';

type Filters = Omit<SearchDefectsApiArg, 'windFarmId' | 'pageIndex' | 'pageSize' | 'fieldToSort' | 'descending'>;
const SEVERITIES = [0, 1, 2, 3, 4, 5];
const DEFECT_SORTS = ['inspectionDate', 'turbineName', 'severity', 'defectType', 'distanceToRoot', 'dpsStatus', 'defectNo'];

/** The defect's detail page (standalone /viewDefect). */
export const viewDefectLink = (defectId: string) => `/viewDefect?defectId=${defectId}`;

/**
 * /dataCenter/searchExport: images and defects of one wind park (SPEC §5) by the filters,
 * as a gallery with outlines and a table, paged and sorted on the server; defects exported to
 * Excel by the report service (at most 2,500, SPEC §9), the file arriving in the download queue.
 */
export function Component() {
  const { t } = useTranslation('dataCenter');
  const locale = useLocale();
  const { message } = App.useApp();
  const parks = useParkListsAllPermittedProjectFarmsQuery();
  const [windFarmId, setWindFarmId] = useState<string | null>(null);
  const parkId = windFarmId ?? parks.data?.[0]?.windFarmId ?? null;
  const turbines = useTurbinesListQuery(parkId ? { id: parkId, pageSize: 500, fieldToSort: 'turbineName' } : skipToken);
  const [form] = Form.useForm();
  const [filters, setFilters] = useState<Filters>({});
  const [tab, setTab] = useState<'gallery' | 'table'>('gallery');
  const [imgPage, setImgPage] = useState({ pageIndex: 1, pageSize: 24 });
  const [defPage, setDefPage] = useState({ pageIndex: 1, pageSize: 20, fieldToSort: 'inspectionDate', descending: true });
  const [opened, setOpened] = useState<ImageHitView | null>(null);
  const base = parkId ? { windFarmId: parkId, ...filters } : null;
  const images = useSearchImagesQuery(base && tab === 'gallery' ? { ...base, ...imgPage } : skipToken);
  const defects = useSearchDefectsQuery(base ? { ...base, ...defPage } : skipToken);
  const [select, selection] = useLazySearchExportSelectionQuery();
  const [selectImages, imageSelection] = useLazySearchImageExportSelectionQuery();
  const [createReport, creation] = useReportTasksForParkMutation();
  /** Which export was just queued (Excel list or image archive). */
  const [queued, setQueued] = useState<'xlsx' | 'zip' | false>(false);
  const tooMany = (defects.data?.totalCount ?? 0) > EXPORT_MAX_DEFECTS;

  const apply = (v: Record<string, unknown>) => {
    const range = v.dates as [Dayjs, Dayjs] | undefined;
    const list = <T,>(x: unknown) => (Array.isArray(x) && x.length ? (x as T[]) : undefined);
    setFilters({
      turbineId: list<string>(v.turbineId),
      componentType: list<number>(v.componentType),
      bladePosition: list<number>(v.bladePosition),
      viewIndex: list<number>(v.viewIndex),
      severity: list<number>(v.severity),
      defectType: list<string>(v.defectType),
      timelineStatus: list<string>(v.timelineStatus),
      repairStatus: list<number>(v.repairStatus),
      dpsStatus: list<number>(v.dpsStatus),
      dateFrom: range?.[0]?.format('YYYY-MM-DD'),
      dateTo: range?.[1]?.format('YYYY-MM-DD'),
    });
    setImgPage((p) => ({ ...p, pageIndex: 1 }));
    setDefPage((p) => ({ ...p, pageIndex: 1 }));
    setQueued(false);
  };

  /**
   * Both exports resolve the search on inspection (the Excel one into defect ids, the image one into
   * the gallery's images and the defects), then queue a report task (docs/data-center.md).
   */
  const exportAs = async (format: 'xlsx' | 'zip') => {
    if (!base) return;
    setQueued(false);
    let sel: { count: number; defectIds: string[]; images?: ImageExportSelectionView['images'] } | undefined;
    if (format === 'zip') sel = (await selectImages(base)).data;
    else sel = (await select(base)).data;
    if (!sel) return;
    const images = sel.images ? { images: sel.images } : {};
    const r = await createReport({ id: base.windFarmId, createReportTaskDto: { format, defectIds: sel.defectIds, ...images } });
    if ('data' in r) {
      setQueued(format);
      void message.success(t(format === 'zip' ? 'export.imagesQueued' : 'export.queued', { count: sel.count }));
    }
  };
  const busy = selection.isFetching || imageSelection.isFetching || creation.isLoading;

  const columns: TableProps<DefectHitView>['columns'] = useMemo(
    () => [
      { key: 'defectNo', dataIndex: 'defectNo', title: t('table.defectNo'), sorter: true, render: (v: string, d) => <Link to={viewDefectLink(d.defectId)} data-testid="dc-defect-link">{v}</Link> },
      { key: 'turbineName', dataIndex: 'turbineName', title: t('table.turbine'), sorter: true },
      { key: 'inspectionDate', dataIndex: 'inspectionDate', title: t('table.date'), sorter: true },
      { key: 'component', dataIndex: 'componentType', title: t('filters.component'), render: (v: number) => componentText(v, locale) },
      { key: 'bladePosition', dataIndex: 'bladePosition', title: t('filters.blade') },
      { key: 'position', dataIndex: 'position', title: t('filters.side'), render: (v: number | null) => viewIndexText(v, locale) },
      { key: 'distanceToRoot', dataIndex: 'distanceToRoot', title: t('table.distance'), sorter: true },
      { key: 'defectType', dataIndex: 'defectType', title: t('filters.type'), sorter: true },
      {
        key: 'severity',
        dataIndex: 'severity',
        title: t('filters.severity'),
        sorter: true,
        render: (v: number | null) => <span className="dc-sev" style={{ background: severityColor(v) }}>{v ?? '—'}</span>,
      },
      { key: 'timelineStatus', dataIndex: 'timelineStatus', title: t('filters.timeline'), render: (v: string) => timelineText(v, locale) },
      { key: 'repairStatus', dataIndex: 'repairStatus', title: t('filters.repair'), render: (v: number | null) => repairText(v, locale) },
      { key: 'dpsStatus', dataIndex: 'dpsStatus', title: t('filters.dps'), sorter: true, render: (v: number) => dpsText(v, locale) },
    ],
    [t, locale],
  );

  const onTable: TableProps<DefectHitView>['onChange'] = (p, _f, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = s?.order && typeof s.columnKey === 'string' && DEFECT_SORTS.includes(s.columnKey) ? s.columnKey : 'inspectionDate';
    setDefPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 20, fieldToSort: field, descending: s?.order ? s.order === 'descend' : true });
  };

  const multi = (name: string, label: string, options: { value: string | number; label: string }[], extra: Record<string, unknown> = {}) => (
    <Form.Item name={name} label={label} style={{ minWidth: 180 }}>
      <Select mode="multiple" allowClear maxTagCount="responsive" options={options} placeholder={t('filters.any')} aria-label={label} {...extra} />
    </Form.Item>
  );

  return (
    <div className="dc-page" data-testid="page-searchExport">
      <Typography.Title level={4}>{t('search.title')}</Typography.Title>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap align="end">
          <Form.Item label={t('filters.park')} style={{ minWidth: 220, marginBottom: 0 }}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={parks.isLoading}
              value={parkId ?? undefined}
              onChange={(v: string) => {
                setWindFarmId(v);
                form.resetFields();
                apply({});
              }}
              options={(parks.data ?? []).map((p) => ({ value: p.windFarmId, label: p.windFarmName }))}
              aria-label={t('filters.park')}
              data-testid="dc-park-select"
            />
          </Form.Item>
        </Space>
        <Form form={form} layout="vertical" onFinish={apply} style={{ marginTop: 8 }}>
          <div className="dc-filters">
            {multi('turbineId', t('filters.turbine'), (turbines.data?.results ?? []).map((x) => ({ value: x.turbineId, label: x.turbineName })), { showSearch: { optionFilterProp: 'label' } })}
            {multi('componentType', t('filters.component'), componentOptions(locale))}
            {multi('bladePosition', t('filters.blade'), [1, 2, 3].map((b) => ({ value: b, label: t('search.bladeN', { n: b }) })))}
            {multi('viewIndex', t('filters.side'), viewIndexOptions(locale))}
            {multi('severity', t('filters.severity'), SEVERITIES.map((s) => ({ value: s, label: String(s) })))}
            {multi('defectType', t('filters.type'), [], { mode: 'tags' })}
            {multi('timelineStatus', t('filters.timeline'), timelineOptions(locale))}
            {multi('repairStatus', t('filters.repair'), [{ value: 0, label: t('filters.neverRepaired') }, ...repairOptions(locale)])}
            {multi('dpsStatus', t('filters.dps'), dpsOptions(locale))}
            <Form.Item name="dates" label={t('filters.dates')}>
              <DatePicker.RangePicker allowClear />
            </Form.Item>
          </div>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="dc-search">
              {t('search.submit')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                apply({});
              }}
            >
              {t('search.reset')}
            </Button>
            <Button onClick={() => void exportAs('xlsx')} loading={busy} disabled={!parkId} data-testid="dc-export-defects">
              {t('export.defects')}
            </Button>
            <Button onClick={() => void exportAs('zip')} loading={busy} disabled={!parkId} data-testid="dc-export-images">
              {t('export.images')}
            </Button>
          </Space>
        </Form>
        {tooMany && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={t('export.tooMany', { max: EXPORT_MAX_DEFECTS, count: defects.data?.totalCount })} data-testid="dc-export-warning" />}
        {selection.error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={errorMessageOf(selection.error, locale, EXPORT_SELECTION_PATH)} data-testid="dc-export-error" />}
        {imageSelection.error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={errorMessageOf(imageSelection.error, locale, IMAGE_EXPORT_SELECTION_PATH)} data-testid="dc-export-error" />}
        {creation.error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={errorMessageOf(creation.error, locale)} data-testid="dc-export-error" />}
        {queued && (
          <Alert
            style={{ marginTop: 12 }}
            type="success"
            showIcon
            title={t(queued === 'zip' ? 'export.imagesQueuedShort' : 'export.queuedShort')}
            action={<Link to={DOWNLOAD_QUEUE_PATH}>{t('export.openQueue')}</Link>}
            data-testid="dc-export-queued"
          />
        )}
      </Card>
      <ErrorAlert error={images.error ?? defects.error} style={{ marginBottom: 12 }} />
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'gallery' | 'table')}
        items={[
          {
            key: 'gallery',
            label: t('search.gallery', { count: images.data?.totalCount ?? 0 }),
            children: (
              <Gallery
                images={images.data?.results ?? []}
                total={images.data?.totalCount ?? 0}
                page={imgPage}
                onPage={(pageIndex, pageSize) => setImgPage({ pageIndex, pageSize })}
                onOpen={setOpened}
                locale={locale}
                loading={images.isFetching}
              />
            ),
          },
          {
            key: 'table',
            label: t('search.table', { count: defects.data?.totalCount ?? 0 }),
            children: (
              <Table<DefectHitView>
                rowKey="defectId"
                size="small"
                loading={defects.isFetching}
                columns={columns}
                dataSource={defects.data?.results ?? []}
                onChange={onTable}
                scroll={{ x: true }}
                pagination={{ current: defPage.pageIndex, pageSize: defPage.pageSize, total: defects.data?.totalCount ?? 0, showSizeChanger: true }}
                data-testid="dc-defect-table"
              />
            ),
          },
        ]}
      />
      <Drawer open={!!opened} onClose={() => setOpened(null)} title={opened ? `${opened.turbineName} · ${opened.inspectionDate}` : ''} size="large">
        {opened && (
          <List
            dataSource={opened.defects}
            locale={{ emptyText: t('search.noDefectsOnImage') }}
            renderItem={(d) => (
              <List.Item actions={[<Link key="open" to={viewDefectLink(d.defectId)} data-testid="dc-open-defect">{t('search.openDefect')}</Link>]}>
                <List.Item.Meta
                  avatar={<span className="dc-sev" style={{ background: severityColor(d.severity) }}>{d.severity ?? '—'}</span>}
                  title={`${d.defectNo} · ${d.defectType}`}
                />
              </List.Item>
            )}
          />
        )}
      </Drawer>
    </div>
  );
}
