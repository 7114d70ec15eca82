import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Select, Switch } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { useAppSelector } from '@/core/store';
import { useLocale } from '@/shared/useLocale';
import type { TurbineView } from '@/features/asset';
import { COMPONENT_TYPE_LABELS, PACKAGE_TYPE_LABELS, labelOf } from '../contracts';
import { useInspectionsCreateMutation, type Inspection } from '../inspectionApi';
import { devicesForPackage, editableComponents, isoDay, packagesOfComponent } from '../logic';
import { Refusal } from './common';
import { useSeedText } from '@/shared/useSeedText';

/** Components in the order of the turbine page's type selector. */
const COMPONENTS = [1, 5, 2, 3, 4, 0] as const;

interface FormValues {
  componentType: number;
  packageType: number;
  inspectionDate: Dayjs;
  pilot?: string;
  deviceId?: string;
  isActive: boolean;
}

/** How long the page waits for asset's read model to list a new inspection before it gives up selecting it. */
const FOLLOW_TRIES = 30;
const FOLLOW_EVERY_MS = 1000;

/**
 * "New inspection" on the turbine page: component and package type, day, pilot, drone (the
 * turbine's asset config devices), active flag → POST /inspections. The turbine page reads its
 * inspections from asset, which learns of the new one from `inspection.inspection.created`; the
 * turbines are refetched until it shows, then it is selected.
 */
export function NewInspectionButton({
  turbine,
  componentType,
  onRefetch,
  onSelect,
}: {
  turbine: TurbineView;
  componentType: number;
  onRefetch: () => void;
  onSelect: (i: Pick<Inspection, 'inspectionId' | 'componentType'>) => void;
}) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const st = useSeedText();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const allowed = useMemo(() => editableComponents(denied, COMPONENTS), [denied]);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const [create, state] = useInspectionsCreateMutation();
  const [awaiting, setAwaiting] = useState<{ inspection: Inspection; tries: number } | null>(null);
  const chosenComponent = Form.useWatch('componentType', form);
  const chosenPackage = Form.useWatch('packageType', form);
  const packages = useMemo(() => (chosenComponent === undefined ? [] : packagesOfComponent(chosenComponent)), [chosenComponent]);
  const devices = useMemo(() => devicesForPackage(turbine, chosenPackage), [turbine, chosenPackage]);

  // The page hands new callbacks on every render: keep the latest without restarting the wait.
  const callbacks = useRef({ onRefetch, onSelect });
  useEffect(() => {
    callbacks.current = { onRefetch, onSelect };
  });

  // Select the new inspection once asset lists it; refetch the turbines meanwhile.
  useEffect(() => {
    if (!awaiting) return;
    const known = (turbine.inspections ?? []).some((i) => i.inspectionId === awaiting.inspection.inspectionId);
    if (known) {
      setAwaiting(null);
      callbacks.current.onSelect(awaiting.inspection);
      return;
    }
    if (awaiting.tries >= FOLLOW_TRIES) {
      setAwaiting(null);
      return;
    }
    const timer = setTimeout(() => {
      callbacks.current.onRefetch();
      setAwaiting((a) => (a ? { ...a, tries: a.tries + 1 } : a));
    }, FOLLOW_EVERY_MS);
    return () => clearTimeout(timer);
  }, [awaiting, turbine.inspections]);

  if (allowed.length === 0) return null;

  const start = () => {
    state.reset();
    const component = allowed.includes(componentType) ? componentType : allowed[0]!;
    const configured = turbine.assetConfigs.find((c) => c.componentType === component)?.packageType;
    form.resetFields();
    form.setFieldsValue({
      componentType: component,
      packageType: configured ?? packagesOfComponent(component)[0],
      inspectionDate: dayjs(),
      isActive: true,
    });
    setOpen(true);
  };

  const submit = async (v: FormValues) => {
    const r = await create({
      createInspectionDto: {
        turbineId: turbine.turbineId,
        componentType: v.componentType,
        packageType: v.packageType,
        inspectionDate: isoDay(v.inspectionDate),
        isActive: v.isActive,
        pilot: v.pilot?.trim() ? v.pilot.trim() : undefined,
        deviceId: v.deviceId ?? undefined,
      },
    });
    if ('data' in r && r.data) {
      setOpen(false);
      setAwaiting({ inspection: r.data, tries: 0 });
    }
  };

  return (
    <>
      <Button icon={<PlusOutlined />} onClick={start} loading={!!awaiting} data-testid="new-inspection">
        {t('create.button')}
      </Button>
      <Modal
        open={open}
        title={t('create.title', { turbine: turbine.turbineName })}
        okText={t('create.submit')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        okButtonProps={{ loading: state.isLoading, 'data-testid': 'create-inspection-submit' }}
        onCancel={() => setOpen(false)}
        forceRender
      >
        <Form<FormValues>
          form={form}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          // rc-field-form drops a submit without a word when another validation starts before the
          // submit's own finishes ("outOfDate", no field errors): the user asked to create, so ask again.
          onFinishFailed={(e) => {
            if (e.outOfDate && e.errorFields.length === 0) form.submit();
          }}
          data-testid="create-inspection-form"
        >
          <Form.Item name="componentType" label={t('create.component')} rules={[{ required: true, message: t('create.required') }]}>
            <Select
              data-testid="create-component"
              options={allowed.map((c) => ({
                value: c,
                label: labelOf(COMPONENT_TYPE_LABELS, c as keyof (typeof COMPONENT_TYPE_LABELS)['en_us'], locale),
              }))}
              onChange={(c: number) => form.setFieldsValue({ packageType: packagesOfComponent(c)[0], deviceId: undefined })}
            />
          </Form.Item>
          <Form.Item name="packageType" label={t('create.package')} rules={[{ required: true, message: t('create.required') }]}>
            <Select
              data-testid="create-package"
              options={packages.map((p) => ({
                value: p,
                label: labelOf(PACKAGE_TYPE_LABELS, p as keyof (typeof PACKAGE_TYPE_LABELS)['en_us'], locale),
              }))}
              onChange={() => form.setFieldsValue({ deviceId: undefined })}
            />
          </Form.Item>
          <Form.Item name="inspectionDate" label={t('create.date')} rules={[{ required: true, message: t('create.required') }]}>
            <DatePicker style={{ width: '100%' }} allowClear={false} data-testid="create-date" />
          </Form.Item>
          <Form.Item name="pilot" label={t('create.pilot')} rules={[{ max: 100, message: t('create.tooLong', { max: 100 }) }]}>
            <Input maxLength={100} data-testid="create-pilot" />
          </Form.Item>
          <Form.Item name="deviceId" label={t('create.device')} extra={devices.length ? undefined : t('create.noDevices')}>
            <Select
              allowClear
              data-testid="create-device"
              options={devices.map((d) => ({ value: d.guid, label: d.bizId ? `${st(d.displayName)} (${d.bizId})` : st(d.displayName) }))}
            />
          </Form.Item>
          <Form.Item name="isActive" label={t('create.active')} valuePropName="checked" extra={t('create.activeHint')}>
            <Switch data-testid="create-active" />
          </Form.Item>
        </Form>
        <Refusal error={state.error} testId="create-inspection-error" />
      </Modal>
    </>
  );
}
