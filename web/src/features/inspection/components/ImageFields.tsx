import { Form, Input, Select, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { checkDistanceToRoot, checkNonNegativeInteger } from '../contracts';
import type { ImageFields, BladeSnapshotView, InspectionImage } from '../inspectionApi';
import { CHAMBER_CHOICES, bladeLengthFor } from '../logic';
import { chamberText, pathLabel } from '../labels';
import { contractRule } from './common';

/** What the image forms hold (texts where the user types numbers, so the contracts' rules see what was typed). */
export interface ImageFormValues {
  bladePosition?: number | null;
  path?: number | null;
  chamber?: number;
  section?: string;
  sortIndex?: string;
  distanceToRoot?: string;
  keyPartTag?: string;
  isActive?: boolean;
}

const blank = (v: string | undefined) => v === undefined || v.trim() === '';

/** Form values → the service's fields (empty texts clear a field). */
export function toImageFields(v: ImageFormValues): ImageFields {
  const out: ImageFields = {
    bladePosition: v.bladePosition ?? null,
    path: v.path ?? null,
    chamber: v.chamber ?? 0,
    section: blank(v.section) ? null : v.section!.trim(),
    distanceToRoot: blank(v.distanceToRoot) ? null : v.distanceToRoot!.trim(),
    keyPartTag: blank(v.keyPartTag) ? null : v.keyPartTag!.trim(),
  };
  if (!blank(v.sortIndex)) out.sortIndex = Number(v.sortIndex);
  if (v.isActive !== undefined) out.isActive = v.isActive;
  return out;
}

/** An image's fields as form values (edit). */
export function fromImage(img: InspectionImage): ImageFormValues {
  return {
    bladePosition: img.bladePosition,
    path: img.pathViewIndex,
    chamber: img.chamber ?? 0,
    section: img.section ?? '',
    sortIndex: img.sortIndex === null ? '' : String(img.sortIndex),
    distanceToRoot: img.distanceToRoot === null ? '' : String(img.distanceToRoot),
    keyPartTag: img.keyPartTag ?? '',
    isActive: img.isActive,
  };
}

/**
 * The upload's and the edit's fields: blade, path (view index), chamber, section, sort index,
 * distance to root (the contracts' −5 m .. blade length, 2 decimals), key-part tag.
 */
export function ImageFieldItems({
  form,
  blades,
  withActive,
}: {
  form: FormInstance<ImageFormValues>;
  blades: readonly BladeSnapshotView[] | undefined;
  withActive?: boolean;
}) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const rule = (check: Parameters<typeof contractRule>[0]) => contractRule(check, locale);
  return (
    <>
      <div className="insp-form-row">
        <Form.Item name="bladePosition" label={t('imageForm.blade')}>
          <Select
            allowClear
            data-testid="field-blade"
            options={[1, 2, 3].map((p) => ({ value: p, label: t('blade.title', { position: p }) }))}
          />
        </Form.Item>
        <Form.Item name="path" label={t('imageForm.path')}>
          <Select
            allowClear
            data-testid="field-path"
            options={[1, 2, 3, 4, 5, 6, 7, 8].map((p) => ({ value: p, label: `${p} · ${pathLabel(p, locale)}` }))}
          />
        </Form.Item>
        <Form.Item name="chamber" label={t('imageForm.chamber')}>
          <Select
            data-testid="field-chamber"
            options={CHAMBER_CHOICES.map((c) => ({ value: c, label: c === 0 ? t('imageForm.noChamber') : chamberText(c, locale) }))}
          />
        </Form.Item>
      </div>
      <div className="insp-form-row">
        <Form.Item name="section" label={t('imageForm.section')} rules={[{ max: 100, message: t('create.tooLong', { max: 100 }) }]}>
          <Input maxLength={100} data-testid="field-section" />
        </Form.Item>
        <Form.Item name="sortIndex" label={t('imageForm.sortIndex')} rules={[rule(checkNonNegativeInteger)]}>
          <Input data-testid="field-sort" />
        </Form.Item>
        <Form.Item
          name="distanceToRoot"
          label={t('imageForm.distance')}
          dependencies={['bladePosition']}
          rules={[rule((v) => checkDistanceToRoot(v, bladeLengthFor(blades, form.getFieldValue('bladePosition') as number | null)))]}
        >
          <Input data-testid="field-distance" suffix="m" />
        </Form.Item>
      </div>
      <div className="insp-form-row">
        <Form.Item name="keyPartTag" label={t('imageForm.keyPart')} rules={[{ max: 100, message: t('create.tooLong', { max: 100 }) }]}>
          <Input maxLength={100} data-testid="field-keypart" />
        </Form.Item>
        {withActive && (
          <Form.Item name="isActive" label={t('imageForm.active')} valuePropName="checked">
            <Switch data-testid="field-active" />
          </Form.Item>
        )}
      </div>
    </>
  );
}
