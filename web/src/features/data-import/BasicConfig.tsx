import { useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { assetApi } from '@/core/api/generated/asset';
import { errorMessageOf } from '@/core/api/errorMessage';
import { useLocale } from '@/shared/useLocale';
import { ComponentType, IMPORT_WIZARD_STEP_LABELS } from './contracts';
import { useSheetImportsCreateMutation } from './importApi';

/** Step 1: customer, park, project, component type and defect template of a new run. */
export function BasicConfig() {
  const { t } = useTranslation('dataImport');
  const locale = useLocale();
  const [customerId, setCustomerId] = useState<string>();
  const [parkId, setParkId] = useState<string>();
  const [projectId, setProjectId] = useState<string>();
  const [componentType, setComponentType] = useState<1 | 5>(ComponentType.BLADE_EXTERNAL);
  const [templateId, setTemplateId] = useState<string>();
  const plants = assetApi.usePlantsListQuery({ pageSize: 500, fieldToSort: 'windFarmName', descending: false, active: true });
  const projects = assetApi.usePlantsProjectsQuery({ id: parkId ?? '', pageSize: 500 }, { skip: !parkId });
  const [create, created] = useSheetImportsCreateMutation();
  const customers = useMemo(() => {
    const seen = new Map<string, string>();
    for (const p of plants.data?.results ?? []) seen.set(p.customerId, p.customerName ?? p.customerId);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [plants.data]);
  const parks = (plants.data?.results ?? []).filter((p) => !customerId || p.customerId === customerId);
  const customerName = customers.find((c) => c.value === customerId)?.label;
  return (
    <Card title={IMPORT_WIZARD_STEP_LABELS[locale][1]} data-testid="import-step-basic">
      <Form layout="vertical" style={{ maxWidth: 480 }}>
        <Form.Item label={t('basic.customer')} required>
          <Select
            data-testid="import-customer"
            showSearch
            optionFilterProp="label"
            value={customerId}
            options={customers}
            onChange={(v: string) => {
              setCustomerId(v);
              setParkId(undefined);
              setProjectId(undefined);
              setTemplateId(v);
            }}
            placeholder={t('basic.choose')}
          />
        </Form.Item>
        <Form.Item label={t('basic.park')} required>
          <Select
            data-testid="import-park"
            showSearch
            optionFilterProp="label"
            value={parkId}
            options={parks.map((p) => ({ value: p.windFarmId, label: p.windFarmName }))}
            onChange={(v: string) => {
              setParkId(v);
              setProjectId(undefined);
              const owner = parks.find((p) => p.windFarmId === v)?.customerId;
              if (owner) {
                setCustomerId(owner);
                setTemplateId(owner);
              }
            }}
            placeholder={t('basic.choose')}
          />
        </Form.Item>
        <Form.Item label={t('basic.project')}>
          <Select
            data-testid="import-project"
            allowClear
            value={projectId}
            disabled={!parkId}
            options={(projects.data?.results ?? []).map((p) => ({ value: p.projectId, label: p.projectName }))}
            onChange={(v: string | undefined) => setProjectId(v)}
            placeholder={t('basic.optional')}
          />
        </Form.Item>
        <Form.Item label={t('basic.componentType')} required>
          <Select
            data-testid="import-component"
            value={componentType}
            options={[ComponentType.BLADE_EXTERNAL, ComponentType.BLADE_INTERNAL].map((c) => ({
              value: c,
              label: t(`componentTypes.${c}`),
            }))}
            onChange={(v: 1 | 5) => setComponentType(v)}
          />
        </Form.Item>
        <Form.Item label={t('basic.defectTemplate')}>
          <Select
            data-testid="import-template"
            value={templateId}
            disabled={!customerId}
            options={customerId ? [{ value: customerId, label: t('basic.customerTemplate', { customer: customerName }) }] : []}
            onChange={(v: string) => setTemplateId(v)}
          />
        </Form.Item>
        {created.error ? <Alert type="error" showIcon title={errorMessageOf(created.error, locale)} data-testid="import-error" /> : null}
        <Button
          type="primary"
          disabled={!parkId}
          loading={created.isLoading}
          data-testid="import-basic-next"
          onClick={() =>
            void create({
              createSheetImportDto: {
                windfarmId: parkId!,
                customerId: customerId ?? null,
                projectId: projectId ?? null,
                componentType,
                defectTemplateId: templateId ?? null,
              },
            })
          }
        >
          {t('next')}
        </Button>
      </Form>
    </Card>
  );
}
