import { useEffect, useMemo } from 'react';
import { Card, Descriptions, Empty, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppDispatch, useAppSelector } from '@/core/store';
import {
  COMPONENT_TYPE_LABELS,
  PACKAGE_TYPE_LABELS,
  TURBINE_PIPELINE_STATE_LABELS,
  labelOf,
  type Locale,
} from '@/shared/contracts';
import { formatDate, formatDateTime, formatNumber } from '@/shared/utils/format';
import { ReportButton } from '@/features/report';
import { useLocale } from '@/shared/useLocale';
import { useParkListsAllPermittedProjectFarmsQuery, useTurbinesAllQuery, type TurbineView, type TurbineInspectionView } from '../assetApi';
import { selectionChanged, type UserSelectedData } from '../assetSlice';
import { LabeledSelect, LoadError, ParkSelect } from '../components';
import {
  DEFAULT_INSPECTION_TYPE,
  INSPECTION_TYPE_ORDER,
  pickOption,
  queryFromSelection,
  selectionFromQuery,
  type QuerySelectionKey,
} from '../selection';
import { InspectionPanel, NewInspectionButton } from '@/features/inspection';
import '../asset.css';
import { useSeedText } from '@/shared/useSeedText';

const QUERY_FIELDS: readonly QuerySelectionKey[] = ['windFarmId', 'turbineId', 'inspectionSubType', 'inspectionId', 'bladeId'];

/** Blade selectors apply to blade inspections (external 1, internal 5). */
export function isBladeInspectionType(type: number): boolean {
  return type === 1 || type === 5;
}

/** Inspections of one type, newest first. */
export function inspectionsOfType(turbine: Pick<TurbineView, 'inspections'> | undefined, type: number): TurbineInspectionView[] {
  return (turbine?.inspections ?? [])
    .filter((i) => i.componentType === type)
    .sort((a, b) => String(b.inspectionDate).localeCompare(String(a.inspectionDate)));
}

const componentLabel = (c: number, locale: Locale) =>
  labelOf(COMPONENT_TYPE_LABELS, c as keyof (typeof COMPONENT_TYPE_LABELS)['en_us'], locale);
const packageLabel = (p: number, locale: Locale) =>
  labelOf(PACKAGE_TYPE_LABELS, p as keyof (typeof PACKAGE_TYPE_LABELS)['en_us'], locale);

function TurbineDetails({ turbine, bladeId }: { turbine: TurbineView; bladeId: string | null }) {
  const { t } = useTranslation('asset');
  const locale = useLocale();
  const st = useSeedText();
  const m = (v: number | null) => (v === null || v === undefined ? '–' : t('common.meters', { value: formatNumber(v, locale) }));
  return (
    <Card size="small" title={t('turbinePage.details')} data-testid="turbine-details">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'name', label: t('turbine.name'), children: turbine.turbineName },
          { key: 'serial', label: t('turbine.serialNumber'), children: turbine.serialNumber ?? '–' },
          {
            key: 'status',
            label: t('turbine.status'),
            children: labelOf(TURBINE_PIPELINE_STATE_LABELS, turbine.turbineStatus as keyof (typeof TURBINE_PIPELINE_STATE_LABELS)['en_us'], locale),
          },
          { key: 'gen', label: t('turbine.turbineType'), children: st(turbine.turbineTypeName) ?? '–' },
          { key: 'blade', label: t('turbine.bladeType'), children: st(turbine.bladeTypeName) ?? '–' },
          { key: 'nacelle', label: t('turbine.nacelleType'), children: st(turbine.nacelleTypeName) ?? '–' },
          { key: 'tower', label: t('turbine.towerType'), children: st(turbine.towerTypeName) ?? '–' },
          { key: 'foundation', label: t('turbine.foundationType'), children: st(turbine.foundationTypeName) ?? '–' },
          {
            key: 'coords',
            label: t('park.coordinates'),
            children: turbine.latitude !== null && turbine.longitude !== null ? `${turbine.latitude}, ${turbine.longitude}` : '–',
          },
          { key: 'inspections', label: t('turbine.inspectionCount'), children: formatNumber(turbine.inspectionCount, locale) },
          { key: 'defects', label: t('turbine.defectCount'), children: formatNumber(turbine.defectCount, locale) },
          { key: 'last', label: t('park.lastInspection'), children: turbine.lastInspectionTime ? formatDateTime(turbine.lastInspectionTime, locale) : '–' },
        ]}
      />
      <Typography.Title level={5}>{t('turbine.blades')}</Typography.Title>
      <Table
        size="small"
        rowKey="bladeId"
        pagination={false}
        data-testid="blade-table"
        dataSource={[...turbine.blades].sort((a, b) => a.position - b.position)}
        rowClassName={(r) => (r.bladeId === bladeId ? 'ant-table-row-selected' : '')}
        columns={[
          { key: 'position', dataIndex: 'position', title: t('turbine.bladePosition'), width: 80 },
          { key: 'name', dataIndex: 'name', title: t('turbine.bladeName') },
          { key: 'serial', dataIndex: 'serialNumber', title: t('turbine.bladeSerial') },
          { key: 'length', dataIndex: 'length', title: t('types.length'), render: m },
          { key: 'width', dataIndex: 'width', title: t('types.width'), render: m },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('turbine.devices')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="guid"
        pagination={false}
        dataSource={turbine.devices}
        locale={{ emptyText: t('turbine.noDevices') }}
        columns={[
          { key: 'name', dataIndex: 'displayName', title: t('turbine.deviceName'), render: (v: string | null) => st(v) },
          { key: 'biz', dataIndex: 'bizId', title: t('turbine.deviceBizId'), render: (v) => v ?? '–' },
          { key: 'serial', dataIndex: 'serialNumber', title: t('turbine.deviceSerial'), render: (v) => v ?? '–' },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('turbine.assetConfigs')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="packageType"
        pagination={false}
        data-testid="asset-config-table"
        dataSource={turbine.assetConfigs}
        locale={{ emptyText: t('turbine.noAssetConfigs') }}
        columns={[
          { key: 'package', dataIndex: 'packageType', title: t('turbine.packageType'), render: (v: number) => packageLabel(v, locale) },
          { key: 'component', dataIndex: 'componentType', title: t('selectors.inspectionType'), render: (v: number) => componentLabel(v, locale) },
          {
            key: 'devices',
            dataIndex: 'devices',
            title: t('turbine.devices'),
            render: (ds: TurbineView['devices']) => (ds.length ? ds.map((d) => <Tag key={d.guid}>{st(d.displayName)}</Tag>) : '–'),
          },
        ]}
      />
    </Card>
  );
}

/** Turbine inspection (SPEC §2 /inspection/turbine): turbine, inspection, blade and inspection-type selectors. */
export function Component() {
  const { t } = useTranslation('asset');
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const stored = useAppSelector((s) => s.asset.userSelectedData);
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = useMemo(() => selectionFromQuery(searchParams), [searchParams]);

  const parks = useParkListsAllPermittedProjectFarmsQuery();
  const parkIds = useMemo(() => (parks.data ?? []).map((p) => p.windFarmId), [parks.data]);
  const windFarmId = parks.data ? pickOption(parkIds, fromUrl.windFarmId, stored.windFarmId) : null;
  const turbines = useTurbinesAllQuery(windFarmId ? { id: windFarmId } : skipToken);
  const turbineIds = useMemo(() => (turbines.data ?? []).map((x) => x.turbineId), [turbines.data]);
  const sameParkStored = stored.windFarmId === windFarmId;
  const turbineId = turbines.data ? pickOption(turbineIds, fromUrl.turbineId, sameParkStored ? stored.turbineId : null) : null;
  const turbine = turbines.data?.find((x) => x.turbineId === turbineId);
  const inspectionSubType = fromUrl.inspectionSubType ?? stored.inspectionSubType ?? DEFAULT_INSPECTION_TYPE;
  const inspections = useMemo(() => inspectionsOfType(turbine, inspectionSubType), [turbine, inspectionSubType]);
  const sameTurbineStored = sameParkStored && stored.turbineId === turbineId;
  const inspectionId = turbine
    ? pickOption(
        inspections.map((i) => i.inspectionId),
        fromUrl.inspectionId,
        sameTurbineStored ? stored.inspectionId : null,
      )
    : null;
  const inspection = inspections.find((i) => i.inspectionId === inspectionId);
  const blades = useMemo(() => [...(turbine?.blades ?? [])].sort((a, b) => a.position - b.position), [turbine]);
  const bladeId =
    turbine && isBladeInspectionType(inspectionSubType)
      ? pickOption(
          blades.map((b) => b.bladeId),
          fromUrl.bladeId,
          sameTurbineStored ? stored.bladeId : null,
        )
      : null;
  const blade = blades.find((b) => b.bladeId === bladeId);

  const resolved = !!parks.data && (!windFarmId || !!turbines.data || turbines.isError);
  useEffect(() => {
    if (!resolved) return;
    const next: Partial<UserSelectedData> = {
      windFarmId,
      turbineId,
      inspectionSubType,
      inspectionId,
      localTime: inspection?.inspectionDate ?? null,
      bladeId,
      bladeSerialNo: blade?.serialNumber ?? null,
    };
    const differs = (Object.keys(next) as Array<keyof UserSelectedData>).some((k) => stored[k] !== next[k]);
    if (differs) dispatch(selectionChanged(next));
    const query = queryFromSelection(next, QUERY_FIELDS);
    if (query !== queryFromSelection(fromUrl, QUERY_FIELDS)) setSearchParams(query, { replace: true });
  }, [resolved, windFarmId, turbineId, inspectionSubType, inspectionId, inspection, bladeId, blade, stored, fromUrl, dispatch, setSearchParams]);

  const choose = (patch: Partial<UserSelectedData>): void => {
    const base: Partial<UserSelectedData> = { windFarmId, turbineId, inspectionSubType, inspectionId, bladeId, ...patch };
    if (patch.windFarmId !== undefined && patch.windFarmId !== windFarmId) Object.assign(base, { turbineId: null, inspectionId: null, bladeId: null });
    if (patch.turbineId !== undefined && patch.turbineId !== turbineId) Object.assign(base, { inspectionId: null, bladeId: null });
    if (patch.inspectionSubType !== undefined && patch.inspectionSubType !== inspectionSubType) base.inspectionId = null;
    setSearchParams(queryFromSelection(base, QUERY_FIELDS));
  };

  const typeOptions = INSPECTION_TYPE_ORDER.map((c) => ({ value: c, label: componentLabel(c, locale) }));

  return (
    <div className="asset-page" data-testid="page-turbineInspection">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('turbinePage.title')}
      </Typography.Title>
      <div className="asset-page__selectors">
        <ParkSelect id="tp-park" minWidth={220} parks={parks} value={windFarmId} onChange={(v) => choose({ windFarmId: v })} />
        <LabeledSelect
          id="tp-turbine"
          label={t('selectors.turbine')}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 200 }}
          loading={turbines.isFetching}
          disabled={!windFarmId}
          value={turbineId ?? undefined}
          options={(turbines.data ?? []).map((x) => ({ value: x.turbineId, label: x.turbineName }))}
          placeholder={t('selectors.turbinePlaceholder')}
          onChange={(v: string) => choose({ turbineId: v })}
          data-testid="select-turbine"
        />
        <LabeledSelect id="tp-type" label={t('selectors.inspectionType')} style={{ minWidth: 180 }} value={inspectionSubType} options={typeOptions} onChange={(v: number) => choose({ inspectionSubType: v })} />
        <LabeledSelect
          id="tp-inspection"
          label={t('selectors.inspection')}
          style={{ minWidth: 200 }}
          disabled={!turbine || inspections.length === 0}
          value={inspectionId ?? undefined}
          placeholder={turbine && inspections.length === 0 ? t('selectors.noInspection') : t('selectors.inspectionPlaceholder')}
          options={inspections.map((i) => ({
            value: i.inspectionId,
            label: `${formatDate(i.inspectionDate, locale)} · ${packageLabel(i.packageType, locale)}`,
          }))}
          onChange={(v: string) => choose({ inspectionId: v })}
        />
        {turbine && <ReportButton scope="turbine" id={turbine.turbineId} subject={turbine.turbineName} />}
        {turbine && inspection && (
          <ReportButton scope="inspection" id={inspection.inspectionId} subject={`${turbine.turbineName} ${formatDate(inspection.inspectionDate, locale)}`} />
        )}
        {turbine && (
          <NewInspectionButton
            turbine={turbine}
            componentType={inspectionSubType}
            onRefetch={() => void turbines.refetch()}
            onSelect={(i) => choose({ inspectionSubType: i.componentType, inspectionId: i.inspectionId })}
          />
        )}
        <LabeledSelect
          id="tp-blade"
          label={t('selectors.blade')}
          style={{ minWidth: 160 }}
          disabled={!turbine || !isBladeInspectionType(inspectionSubType)}
          value={bladeId ?? undefined}
          placeholder={t('selectors.bladePlaceholder')}
          options={blades.map((b) => ({ value: b.bladeId, label: `${b.name} (${b.serialNumber})` }))}
          onChange={(v: string) => choose({ bladeId: v })}
        />
      </div>

      {parks.error ? (
        <LoadError error={parks.error} onRetry={() => void parks.refetch()} />
      ) : turbines.error ? (
        <LoadError error={turbines.error} onRetry={() => void turbines.refetch()} />
      ) : parks.isLoading || turbines.isLoading ? (
        <Skeleton active />
      ) : !windFarmId ? (
        <Empty description={t('windPark.noParks')} />
      ) : !turbine ? (
        <Empty description={t('turbinePage.noTurbines')} />
      ) : (
        <>
          <TurbineDetails turbine={turbine} bladeId={bladeId} />
          <Card size="small" title={t('turbinePage.inspections')}>
            <Table<TurbineInspectionView>
              size="small"
              rowKey="inspectionId"
              data-testid="inspection-table"
              pagination={false}
              dataSource={[...(turbine.inspections ?? [])].sort((a, b) => String(b.inspectionDate).localeCompare(String(a.inspectionDate)))}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('turbinePage.noInspections')} /> }}
              rowClassName={(r) => (r.inspectionId === inspectionId ? 'ant-table-row-selected' : '')}
              onRow={(r) => ({
                onClick: () => choose({ inspectionSubType: r.componentType, inspectionId: r.inspectionId }),
                style: { cursor: 'pointer' },
              })}
              columns={[
                { key: 'date', dataIndex: 'inspectionDate', title: t('turbinePage.inspectionDate'), render: (v) => formatDateTime(v, locale) },
                { key: 'type', dataIndex: 'componentType', title: t('selectors.inspectionType'), render: (v: number) => componentLabel(v, locale) },
                { key: 'package', dataIndex: 'packageType', title: t('turbine.packageType'), render: (v: number) => packageLabel(v, locale) },
                {
                  key: 'active',
                  dataIndex: 'isActive',
                  title: t('turbinePage.latest'),
                  render: (v: boolean) => (v ? <Tag color="blue">{t('turbinePage.latestTag')}</Tag> : null),
                },
              ]}
            />
          </Card>
          {inspection ? (
            <InspectionPanel
              key={inspection.inspectionId}
              turbineId={turbine.turbineId}
              inspectionId={inspection.inspectionId}
              componentType={inspectionSubType}
              blades={blades}
              bladePosition={blade?.position ?? null}
              onSelectBlade={(position) => {
                const next = blades.find((b) => b.position === position);
                if (next) choose({ bladeId: next.bladeId });
              }}
            />
          ) : (
            <Card size="small" title={t('turbinePage.imagesAndDefects')} data-testid="images-panel">
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('selectors.noInspection')} />
            </Card>
          )}
        </>
      )}
    </div>
  );
}
