import { useEffect, useMemo, useState } from 'react';
import { Card, Descriptions, Empty, Input, Skeleton, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppDispatch, useAppSelector } from '@/core/store';
import { isApiError } from '@/core/api/baseQuery';
import { COMPONENT_TYPE_LABELS, TURBINE_PIPELINE_STATE_LABELS, labelOf, lookupMessage } from '@/shared/contracts';
import { formatDateTime, formatNumber } from '@/shared/utils/format';
import { ReportButton } from '@/features/report';
import { ParkResults } from '@/features/inspection';
import { useLocale } from '@/shared/useLocale';
import {
  assetPaths,
  useParkListsAllPermittedProjectFarmsQuery,
  usePlantsLastInspectionQuery,
  usePlantsProjectsQuery,
  usePlantsGetQuery,
  pageParams,
  useTurbinesListQuery,
  type TurbineView,
  type TurbineSortField,
} from '../assetApi';
import { selectionChanged, type UserSelectedData } from '../assetSlice';
import { LabeledSelect, LoadError, ParkSelect } from '../components';
import {
  DEFAULT_INSPECTION_TYPE,
  INSPECTION_TYPE_ORDER,
  pickOption,
  queryFromSelection,
  selectionFromQuery,
  sortFromTable,
  sortOrderOf,
  type QuerySelectionKey,
} from '../selection';
import '../asset.css';

const QUERY_FIELDS: readonly QuerySelectionKey[] = ['windFarmId', 'projectId', 'inspectionSubType'];
const TURBINE_SORTS: readonly TurbineSortField[] = ['turbineName', 'serialNumber', 'createdAt'];
const DEFAULT_PAGE_SIZE = 10;

interface TableState {
  pageIndex: number;
  pageSize: number;
  fieldToSort?: TurbineSortField;
  descending?: boolean;
  turbineName: string;
}

const FIRST_PAGE: TableState = { pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE, turbineName: '' };

/** The park, project and inspection type in force: URL first, then the store, then the first option. */
export function useWindParkSelection() {
  const [searchParams, setSearchParams] = useSearchParams();
  const stored = useAppSelector((s) => s.asset.userSelectedData);
  const dispatch = useAppDispatch();
  const fromUrl = useMemo(() => selectionFromQuery(searchParams), [searchParams]);
  const parks = useParkListsAllPermittedProjectFarmsQuery();
  const parkIds = useMemo(() => (parks.data ?? []).map((p) => p.windFarmId), [parks.data]);
  const windFarmId = parks.data ? pickOption(parkIds, fromUrl.windFarmId, stored.windFarmId) : null;
  const projects = usePlantsProjectsQuery(windFarmId ? { id: windFarmId, pageIndex: 1, pageSize: 100 } : skipToken);
  const projectIds = useMemo(() => (projects.data?.results ?? []).map((p) => p.projectId), [projects.data]);
  const latestProject = parks.data?.find((p) => p.windFarmId === windFarmId)?.projectId ?? null;
  const storedProject = stored.windFarmId === windFarmId ? stored.projectId : null;
  const projectId =
    projects.data && windFarmId ? pickOption(projectIds, fromUrl.projectId, storedProject ?? latestProject) : null;
  const inspectionSubType = fromUrl.inspectionSubType ?? stored.inspectionSubType ?? DEFAULT_INSPECTION_TYPE;

  const resolved = parks.data && (!windFarmId || projects.data || projects.isError);
  useEffect(() => {
    if (!resolved) return;
    const next: Partial<UserSelectedData> = { windFarmId, projectId, inspectionSubType };
    if (stored.windFarmId !== windFarmId || stored.projectId !== projectId || stored.inspectionSubType !== inspectionSubType) {
      dispatch(selectionChanged(next));
    }
    const query = queryFromSelection(next, QUERY_FIELDS);
    const current = queryFromSelection(fromUrl, QUERY_FIELDS);
    if (query !== current) setSearchParams(query, { replace: true });
  }, [resolved, windFarmId, projectId, inspectionSubType, stored, fromUrl, dispatch, setSearchParams]);

  const choose = (patch: Partial<UserSelectedData>): void => {
    const base = { windFarmId, projectId, inspectionSubType, ...patch };
    if (patch.windFarmId !== undefined && patch.windFarmId !== windFarmId) base.projectId = null;
    setSearchParams(queryFromSelection(base, QUERY_FIELDS));
  };

  return { parks, projects, windFarmId, projectId, inspectionSubType, choose };
}

function ParkSummary({ windFarmId }: { windFarmId: string }) {
  const { t } = useTranslation('asset');
  const locale = useLocale();
  const park = usePlantsGetQuery({ id: windFarmId });
  const last = usePlantsLastInspectionQuery({ id: windFarmId });

  let lastText: React.ReactNode;
  if (last.isLoading) lastText = <Skeleton.Input size="small" active />;
  else if (last.data) lastText = formatDateTime(last.data.lastInspectionTime, locale);
  else if (last.error && isApiError(last.error) && last.error.status === 404)
    // "Last Inspection Time Does Not Exist": the catalogue's text, shown as plain information.
    lastText = (
      <Typography.Text type="secondary" data-testid="no-last-inspection">
        {lookupMessage(last.error.data, locale, assetPaths.lastInspection(windFarmId))}
      </Typography.Text>
    );
  else if (last.error) lastText = <Typography.Text type="danger">{t('common.loadFailed')}</Typography.Text>;

  if (park.error) return <LoadError error={park.error} onRetry={() => void park.refetch()} />;
  const p = park.data;
  return (
    <Card
      title={t('windPark.summary')}
      size="small"
      data-testid="park-summary"
      extra={p && <ReportButton scope="park" id={windFarmId} subject={p.windFarmName} size="small" />}
    >
      {!p ? (
        <Skeleton active />
      ) : (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'name', label: t('park.name'), children: p.windFarmName },
            { key: 'customer', label: t('park.customer'), children: p.customerName ?? '–' },
            { key: 'location', label: t('park.location'), children: [p.region, p.province, p.city].filter(Boolean).join(' · ') || '–' },
            {
              key: 'coords',
              label: t('park.coordinates'),
              children: p.latitude !== null && p.longitude !== null ? `${p.latitude}, ${p.longitude}` : '–',
            },
            {
              key: 'capacity',
              label: t('park.capacity'),
              children: p.capacity === null ? '–' : t('park.capacityMw', { value: formatNumber(p.capacity, locale) }),
            },
            { key: 'turbines', label: t('park.turbineCount'), children: <span data-testid="summary-turbine-count">{formatNumber(p.turbineCount, locale)}</span> },
            { key: 'last', label: t('park.lastInspection'), children: lastText },
          ]}
        />
      )}
    </Card>
  );
}

function TurbineTable({ windFarmId, inspectionSubType }: { windFarmId: string; inspectionSubType: number }) {
  const { t } = useTranslation('asset');
  const locale = useLocale();
  const [state, setState] = useState<TableState>(FIRST_PAGE);
  const [search, setSearch] = useState('');
  useEffect(() => {
    setState(FIRST_PAGE);
    setSearch('');
  }, [windFarmId]);
  const { data, isFetching, error, refetch } = useTurbinesListQuery({ id: windFarmId, ...pageParams(state, ['turbineName']) });

  const turbineLink = (turbine: TurbineView): string =>
    `/inspection/turbine?${queryFromSelection({ windFarmId, turbineId: turbine.turbineId, inspectionSubType }, [
      'windFarmId',
      'turbineId',
      'inspectionSubType',
    ])}`;

  const columns: TableProps<TurbineView>['columns'] = [
    {
      key: 'turbineName',
      dataIndex: 'turbineName',
      title: t('turbine.name'),
      sorter: true,
      sortOrder: sortOrderOf('turbineName', state),
      render: (_v, r) => <Link to={turbineLink(r)}>{r.turbineName}</Link>,
    },
    { key: 'serialNumber', dataIndex: 'serialNumber', title: t('turbine.serialNumber'), sorter: true, sortOrder: sortOrderOf('serialNumber', state), render: (v) => v ?? '–' },
    { key: 'turbineTypeName', dataIndex: 'turbineTypeName', title: t('turbine.turbineType'), render: (v) => v ?? '–' },
    { key: 'bladeTypeName', dataIndex: 'bladeTypeName', title: t('turbine.bladeType'), render: (v) => v ?? '–' },
    {
      key: 'turbineStatus',
      dataIndex: 'turbineStatus',
      title: t('turbine.status'),
      render: (v: number) => <Tag>{labelOf(TURBINE_PIPELINE_STATE_LABELS, v as keyof (typeof TURBINE_PIPELINE_STATE_LABELS)['en_us'], locale)}</Tag>,
    },
    { key: 'inspectionCount', dataIndex: 'inspectionCount', title: t('turbine.inspectionCount'), align: 'right', render: (v) => formatNumber(v, locale) },
    { key: 'defectCount', dataIndex: 'defectCount', title: t('turbine.defectCount'), align: 'right', render: (v) => formatNumber(v, locale) },
    { key: 'lastInspectionTime', dataIndex: 'lastInspectionTime', title: t('park.lastInspection'), render: (v) => (v ? formatDateTime(v, locale) : '–') },
  ];

  return (
    <Card
      title={t('windPark.turbines')}
      size="small"
      extra={
        <Input.Search
          allowClear
          placeholder={t('turbine.searchName')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => setState((s) => ({ ...s, pageIndex: 1, turbineName: v }))}
          style={{ width: 240 }}
          aria-label={t('turbine.searchName')}
        />
      }
    >
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <Table<TurbineView>
          rowKey="turbineId"
          size="small"
          data-testid="turbine-table"
          loading={isFetching}
          columns={columns}
          dataSource={data?.results ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('windPark.noTurbines')} /> }}
          pagination={{
            current: state.pageIndex,
            pageSize: state.pageSize,
            total: data?.totalCount ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('common.total', { total: formatNumber(total, locale) }),
          }}
          onChange={(pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const sort = sortFromTable(one, TURBINE_SORTS);
            setState((s) => {
              const sortChanged = sort.fieldToSort !== s.fieldToSort || sort.descending !== s.descending;
              return {
                ...s,
                ...sort,
                fieldToSort: sort.fieldToSort,
                descending: sort.descending,
                pageSize: pagination.pageSize ?? s.pageSize,
                pageIndex: sortChanged ? 1 : (pagination.current ?? 1),
              };
            });
          }}
        />
      )}
    </Card>
  );
}

/** Wind farm overview (SPEC §2 /inspection/windPark): park, project and inspection-type selectors. */
export function Component() {
  const { t } = useTranslation('asset');
  const locale = useLocale();
  const { parks, projects, windFarmId, projectId, inspectionSubType, choose } = useWindParkSelection();

  const projectOptions = (projects.data?.results ?? []).map((p) => ({ value: p.projectId, label: p.projectName }));
  const typeOptions = INSPECTION_TYPE_ORDER.map((c) => ({
    value: c,
    label: labelOf(COMPONENT_TYPE_LABELS, c as keyof (typeof COMPONENT_TYPE_LABELS)['en_us'], locale),
  }));

  return (
    <div className="asset-page" data-testid="page-windParkOverview">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('windPark.title')}
      </Typography.Title>
      <div className="asset-page__selectors">
        <ParkSelect id="wp-park" minWidth={240} parks={parks} value={windFarmId} onChange={(v) => choose({ windFarmId: v })} testId="select-park" />
        <LabeledSelect
          id="wp-project"
          label={t('selectors.project')}
          style={{ minWidth: 240 }}
          loading={projects.isFetching}
          disabled={!windFarmId}
          value={projectId ?? undefined}
          options={projectOptions}
          placeholder={projects.data && !projectOptions.length ? t('selectors.noProject') : t('selectors.projectPlaceholder')}
          onChange={(v: string) => choose({ projectId: v })}
          data-testid="select-project"
        />
        {projectId && (
          <ReportButton scope="project" id={projectId} subject={projectOptions.find((o) => o.value === projectId)?.label ?? ''} />
        )}
        <LabeledSelect
          id="wp-type"
          label={t('selectors.inspectionType')}
          style={{ minWidth: 200 }}
          value={inspectionSubType}
          options={typeOptions}
          onChange={(v: number) => choose({ inspectionSubType: v })}
          data-testid="select-inspection-type"
        />
      </div>

      {parks.error ? (
        <LoadError error={parks.error} onRetry={() => void parks.refetch()} />
      ) : parks.isLoading ? (
        <Skeleton active />
      ) : !windFarmId ? (
        <Empty description={t('windPark.noParks')} />
      ) : (
        <>
          <ParkSummary windFarmId={windFarmId} />
          <ParkResults windFarmId={windFarmId} componentType={inspectionSubType} />
          <TurbineTable windFarmId={windFarmId} inspectionSubType={inspectionSubType} />
        </>
      )}
    </div>
  );
}
