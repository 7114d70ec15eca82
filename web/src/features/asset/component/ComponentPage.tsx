import { useEffect, useMemo } from 'react';
import { Alert, Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppDispatch, useAppSelector } from '@/core/store';
import { COMPONENT_TYPE_LABELS, PACKAGE_TYPE_LABELS, canShowComponentWith, hasRight, labelOf } from '@/shared/contracts';
import { formatDate } from '@/shared/utils/format';
import { useLocale } from '@/shared/useLocale';
import { ComponentResults } from '@/features/inspection';
import { useParkListsAllPermittedProjectFarmsQuery, useTurbinesAllQuery } from '../assetApi';
import { selectionChanged, type UserSelectedData } from '../assetSlice';
import { LabeledSelect, LoadError, ParkSelect } from '../components';
import { pickOption, queryFromSelection, selectionFromQuery, type QuerySelectionKey } from '../selection';
import { inspectionsOfType } from '../turbine/TurbinePage';
import '../asset.css';

const QUERY_FIELDS: readonly QuerySelectionKey[] = ['windFarmId', 'turbineId', 'inspectionSubType', 'inspectionId'];
/** Components of this page in selector order (blade external has the turbine page's blade views). */
export const COMPONENT_PAGE_TYPES: readonly number[] = [2, 4, 3, 5, 0];
const COMPARE_KEY = 'compareTo';

/**
 * Component page (SPEC §2 /inspection/component, wide layout): park, turbine, component and
 * inspection in the address (and the compared inspection), the results below. Only components
 * the user may see (SPEC §6 show rights) are offered; the service refuses the others.
 */
export function Component() {
  const { t } = useTranslation('asset');
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const stored = useAppSelector((s) => s.asset.userSelectedData);
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = useMemo(() => selectionFromQuery(searchParams), [searchParams]);
  const compareTo = searchParams.get(COMPARE_KEY);

  const allowed = useMemo(() => COMPONENT_PAGE_TYPES.filter((c) => canShowComponentWith((r) => hasRight(denied, r), c)), [denied]);
  const parks = useParkListsAllPermittedProjectFarmsQuery();
  const parkIds = useMemo(() => (parks.data ?? []).map((p) => p.windFarmId), [parks.data]);
  const windFarmId = parks.data ? pickOption(parkIds, fromUrl.windFarmId, stored.windFarmId) : null;
  const turbines = useTurbinesAllQuery(windFarmId ? { id: windFarmId } : skipToken);
  const turbineIds = useMemo(() => (turbines.data ?? []).map((x) => x.turbineId), [turbines.data]);
  const sameParkStored = stored.windFarmId === windFarmId;
  const turbineId = turbines.data ? pickOption(turbineIds, fromUrl.turbineId, sameParkStored ? stored.turbineId : null) : null;
  const turbine = turbines.data?.find((x) => x.turbineId === turbineId);
  const componentType = pickOption([...allowed], fromUrl.inspectionSubType, stored.inspectionSubType);
  const inspections = useMemo(() => (componentType === null ? [] : inspectionsOfType(turbine, componentType)), [turbine, componentType]);
  const inspectionId = turbine ? pickOption(inspections.map((i) => i.inspectionId), fromUrl.inspectionId, null) : null;

  const resolved = !!parks.data && (!windFarmId || !!turbines.data || turbines.isError);
  useEffect(() => {
    if (!resolved) return;
    const next: Partial<UserSelectedData> = { windFarmId, turbineId, inspectionSubType: componentType ?? undefined, inspectionId };
    if (stored.windFarmId !== windFarmId || stored.turbineId !== turbineId || (componentType !== null && stored.inspectionSubType !== componentType))
      dispatch(selectionChanged({ windFarmId, turbineId, ...(componentType !== null ? { inspectionSubType: componentType } : {}) }));
    const query = new URLSearchParams(queryFromSelection(next, QUERY_FIELDS));
    if (compareTo) query.set(COMPARE_KEY, compareTo);
    const current = new URLSearchParams(queryFromSelection(fromUrl, QUERY_FIELDS));
    if (searchParams.get(COMPARE_KEY)) current.set(COMPARE_KEY, searchParams.get(COMPARE_KEY)!);
    if (query.toString() !== current.toString()) setSearchParams(query, { replace: true });
  }, [resolved, windFarmId, turbineId, componentType, inspectionId, compareTo, stored, fromUrl, searchParams, dispatch, setSearchParams]);

  const choose = (patch: Partial<UserSelectedData> & { compareTo?: string | null }): void => {
    const base: Partial<UserSelectedData> = { windFarmId, turbineId, inspectionSubType: componentType ?? undefined, inspectionId, ...patch };
    let keepCompare = patch.compareTo === undefined ? compareTo : patch.compareTo;
    if (patch.windFarmId !== undefined && patch.windFarmId !== windFarmId) Object.assign(base, { turbineId: null, inspectionId: null });
    if (patch.turbineId !== undefined && patch.turbineId !== turbineId) base.inspectionId = null;
    if (patch.inspectionSubType !== undefined && patch.inspectionSubType !== componentType) base.inspectionId = null;
    if (base.inspectionId !== inspectionId || base.turbineId !== turbineId || base.inspectionSubType !== componentType) keepCompare = patch.compareTo ?? null;
    const query = new URLSearchParams(queryFromSelection(base, QUERY_FIELDS));
    if (keepCompare) query.set(COMPARE_KEY, keepCompare);
    setSearchParams(query);
  };

  const componentLabel = (c: number) => labelOf(COMPONENT_TYPE_LABELS, c as keyof (typeof COMPONENT_TYPE_LABELS)['en_us'], locale);
  const packageLabel = (p: number) => labelOf(PACKAGE_TYPE_LABELS, p as keyof (typeof PACKAGE_TYPE_LABELS)['en_us'], locale);

  return (
    <div className="asset-page" data-testid="page-componentInspection">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('componentPage.title')}
      </Typography.Title>
      <div className="asset-page__selectors">
        <ParkSelect id="cp-park" minWidth={220} parks={parks} value={windFarmId} onChange={(v) => choose({ windFarmId: v })} testId="cp-select-park" />
        <LabeledSelect
          id="cp-turbine"
          label={t('selectors.turbine')}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 180 }}
          loading={turbines.isFetching}
          disabled={!windFarmId}
          value={turbineId ?? undefined}
          options={(turbines.data ?? []).map((x) => ({ value: x.turbineId, label: x.turbineName }))}
          placeholder={t('selectors.turbinePlaceholder')}
          onChange={(v: string) => choose({ turbineId: v })}
          data-testid="cp-select-turbine"
        />
        <LabeledSelect
          id="cp-component"
          label={t('componentPage.component')}
          style={{ minWidth: 160 }}
          value={componentType ?? undefined}
          options={allowed.map((c) => ({ value: c, label: componentLabel(c) }))}
          onChange={(v: number) => choose({ inspectionSubType: v })}
          data-testid="cp-select-component"
        />
        <LabeledSelect
          id="cp-inspection"
          label={t('selectors.inspection')}
          style={{ minWidth: 220 }}
          disabled={!turbine || inspections.length === 0}
          value={inspectionId ?? undefined}
          placeholder={turbine && inspections.length === 0 ? t('selectors.noInspection') : t('selectors.inspectionPlaceholder')}
          options={inspections.map((i) => ({ value: i.inspectionId, label: `${formatDate(i.inspectionDate, locale)} · ${packageLabel(i.packageType)}` }))}
          onChange={(v: string) => choose({ inspectionId: v })}
          data-testid="cp-select-inspection"
        />
      </div>
      {!allowed.length ? (
        <Alert type="warning" showIcon title={t('componentPage.noRights')} data-testid="cp-no-rights" />
      ) : parks.error ? (
        <LoadError error={parks.error} onRetry={() => void parks.refetch()} />
      ) : turbines.error ? (
        <LoadError error={turbines.error} onRetry={() => void turbines.refetch()} />
      ) : !parks.data || (windFarmId && !turbines.data) ? (
        <Skeleton active />
      ) : !turbineId || componentType === null ? (
        <Empty description={t('componentPage.pick')} />
      ) : (
        <ComponentResults
          turbineId={turbineId}
          componentType={componentType}
          inspectionId={inspectionId}
          compareTo={compareTo}
          onCompareTo={(id) => choose({ compareTo: id })}
        />
      )}
    </div>
  );
}
