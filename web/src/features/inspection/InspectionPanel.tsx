import { useCallback, useMemo, useState } from 'react';
import { Alert, Card, Skeleton, Space, Switch, Tabs, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ViewSortOrder } from './contracts';
import {
  INSPECTION_MAX_PAGE_SIZE,
  useDefectsListQuery,
  useInspectionsGetQuery,
  useInspectionsUpdateMutation,
  type Defect,
  type Inspection,
  type InspectionImage,
} from './inspectionApi';
import { BLADE_COMPONENT_TYPES, LPS_COMPONENT_TYPE } from './logic';
import { BladeDiagram } from './components/BladeDiagram';
import { DefectTable } from './components/DefectTable';
import { DefectDrawer } from './components/DefectDetail';
import { ImagesTab } from './components/ImagesTab';
import { CompareTab } from './components/CompareTab';
import { GalleryTab } from './components/GalleryTab';
import { LpsTable } from './components/LpsTable';
import { LoadError, Refusal, useCanEdit } from './components/common';
import { TimelineBar } from './components/TimelineBar';
import '@/shared/inspection/inspection.css';

export interface PanelBlade {
  position: number;
  name: string;
  serialNumber: string | null;
  length: number | null;
  width: number | null;
}

type TabKey = 'blades' | 'images' | 'compare' | 'gallery' | 'lps' | 'defects';

/**
 * The inspection's active flag (PATCH /inspections/{id}); the service deactivates the turbine's
 * other inspections of the component when one is activated.
 */
function ActiveSwitch({ inspection }: { inspection: Inspection }) {
  const { t } = useTranslation('inspection');
  const canEdit = useCanEdit(inspection.componentType);
  const [update, state] = useInspectionsUpdateMutation();
  return (
    <Space>
      <Tooltip title={t('panel.activeHint')}>
        <span>{t('panel.active')}</span>
      </Tooltip>
      <Switch
        size="small"
        checked={inspection.isActive}
        disabled={!canEdit}
        loading={state.isLoading}
        onChange={(isActive) => void update({ id: inspection.inspectionId, updateInspectionDto: { isActive } })}
        aria-label={t('panel.active')}
        data-testid="inspection-active"
      />
      {state.error && <Refusal error={state.error} testId="inspection-active-error" onClose={() => state.reset()} />}
    </Space>
  );
}

/**
 * Images and defects of the inspection chosen on the turbine page: blade views (diagram per
 * blade + server-paged defect table), the deep-zoom viewer, comparison, gallery; LPS readings
 * for LPS inspections. Defect detail opens in a drawer.
 */
export function InspectionPanel({
  turbineId,
  inspectionId,
  componentType,
  blades,
  bladePosition,
  onSelectBlade,
}: {
  turbineId: string;
  inspectionId: string;
  componentType: number;
  blades: readonly PanelBlade[];
  bladePosition: number | null;
  onSelectBlade: (position: number) => void;
}) {
  const { t } = useTranslation('inspection');
  const isBlade = BLADE_COMPONENT_TYPES.includes(componentType);
  const isLps = componentType === LPS_COMPONENT_TYPE;
  const [tab, setTab] = useState<TabKey>(isLps ? 'lps' : isBlade ? 'blades' : 'defects');
  const [imageId, setImageId] = useState<string | null>(null);
  const [viewOrder, setViewOrder] = useState<ViewSortOrder>('LEADING_EDGE_FIRST');
  const [defectId, setDefectId] = useState<string | null>(null);
  const inspection = useInspectionsGetQuery({ id: inspectionId });
  const all = useDefectsListQuery({
    inspectionId,
    pageIndex: 1,
    pageSize: INSPECTION_MAX_PAGE_SIZE,
    fieldToSort: 'severity',
    descending: true,
  });
  const defects = useMemo(() => all.data?.results ?? [], [all.data]);

  const showImage = useCallback(
    (d: Pick<Defect, 'imageId' | 'bladePosition'>) => {
      if (isBlade && d.bladePosition && d.bladePosition !== bladePosition) onSelectBlade(d.bladePosition);
      setImageId(d.imageId);
      setDefectId(null);
      setTab('images');
    },
    [isBlade, bladePosition, onSelectBlade],
  );
  const openImage = useCallback(
    (img: InspectionImage) => showImage({ imageId: img.imageId, bladePosition: img.bladePosition }),
    [showImage],
  );

  if (inspection.error || inspection.isLoading) {
    return (
      <Card size="small" title={t('panel.title')} data-testid="images-panel">
        {inspection.error ? <LoadError error={inspection.error} onRetry={() => void inspection.refetch()} /> : <Skeleton active />}
      </Card>
    );
  }

  const snapshot = inspection.data?.blades ?? [];
  const timelineBar = inspection.data ? <TimelineBar inspection={inspection.data} onOpenDefect={setDefectId} /> : null;
  const bladeViews = (
    <div data-testid="blade-views">
      {timelineBar}
      {all.error ? (
        <LoadError error={all.error} onRetry={() => void all.refetch()} />
      ) : all.isLoading ? (
        <Skeleton active />
      ) : (
        blades.map((b) => {
          const snap = snapshot.find((s) => s.position === b.position);
          const changed = snap && snap.serialNumber && b.serialNumber && snap.serialNumber !== b.serialNumber;
          return (
            <div key={b.position}>
              <BladeDiagram
                title={`${t('blade.title', { position: b.position })} · ${b.name}${b.serialNumber ? ` (${snap?.serialNumber ?? b.serialNumber})` : ''}`}
                length={snap?.length ?? b.length}
                width={b.width}
                defects={defects.filter((d) => d.bladePosition === b.position)}
                selected={b.position === bladePosition}
                onSelect={() => onSelectBlade(b.position)}
                onDefect={setDefectId}
              />
              {changed && <Alert type="warning" showIcon title={t('blade.changed')} style={{ marginBottom: 8 }} />}
              {/* The standalone path view of this blade (photographs along the blade, panoramas). */}
              <Typography.Link
                href={`#/bladeMathPath?inspectionId=${encodeURIComponent(inspectionId)}&bladePosition=${b.position}`}
                target="_blank"
                data-testid={`blade-path-view-${b.position}`}
              >
                {t('blade.pathView')}
              </Typography.Link>
            </div>
          );
        })
      )}
      <div className="insp-legend" data-testid="severity-legend">
        {[1, 2, 3, 4, 5, 6, 7, 8].map((level) => (
          <span key={level} className="insp-legend__item">
            <span className="insp-legend__swatch" style={{ background: `var(--insp-level-${level})` }} />
            {t(`severity.levels.${level}`)}
          </span>
        ))}
      </div>
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {bladePosition ? t('defects.ofBlade', { position: bladePosition }) : t('defects.all')}
      </Typography.Title>
      <DefectTable inspectionId={inspectionId} bladePosition={bladePosition} onOpen={setDefectId} />
    </div>
  );

  const items = [
    ...(isBlade ? [{ key: 'blades', label: t('tabs.blades'), children: bladeViews }] : []),
    ...(!isBlade && !isLps
      ? [
          {
            key: 'defects',
            label: t('tabs.defects'),
            children: (
              <>
                {timelineBar}
                <DefectTable inspectionId={inspectionId} bladePosition={null} onOpen={setDefectId} />
              </>
            ),
          },
        ]
      : []),
    ...(isLps
      ? [{ key: 'lps', label: t('tabs.lps'), children: <LpsTable inspectionId={inspectionId} inspection={inspection.data} /> }]
      : []),
    {
      key: 'images',
      label: t('tabs.images'),
      children: (
        <ImagesTab
          inspectionId={inspectionId}
          bladePosition={isBlade ? bladePosition : null}
          defects={defects}
          imageId={imageId}
          onImage={setImageId}
          viewOrder={viewOrder}
          onViewOrder={setViewOrder}
          onOpenDefect={setDefectId}
        />
      ),
    },
    {
      key: 'compare',
      label: t('tabs.compare'),
      children: (
        <CompareTab
          turbineId={turbineId}
          inspectionId={inspectionId}
          componentType={componentType}
          bladePosition={isBlade ? bladePosition : null}
        />
      ),
    },
    {
      key: 'gallery',
      label: t('tabs.gallery'),
      children: <GalleryTab inspectionId={inspectionId} defects={defects} onOpenImage={openImage} />,
    },
  ];

  return (
    <Card
      size="small"
      title={t('panel.title')}
      extra={inspection.data ? <ActiveSwitch inspection={inspection.data} /> : null}
      data-testid="images-panel"
    >
      <Tabs activeKey={tab} onChange={(k) => setTab(k as TabKey)} items={items} destroyOnHidden />
      <DefectDrawer defectId={defectId} onClose={() => setDefectId(null)} onShowImage={showImage} />
    </Card>
  );
}
