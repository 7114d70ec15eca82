import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, InputNumber, List, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/shared/components/ErrorAlert';
import { QUERY_MAX_TURBINES, severityColor } from '@/shared/contracts';
import { useLocale } from '@/shared/useLocale';
import {
  useSearchAdvancedMutation,
  useSearchDeleteQueryMutation,
  useSearchSaveQueryMutation,
  useSearchSavedQueriesQuery,
  type AdvancedCriteriaDto,
  type DefectHitView,
} from '../dataCenterApi';
import { componentOptions, viewIndexText } from '../labels';
import { viewDefectLink } from '../search/SearchExportPage';
import { useParkTurbines } from '../useParkTurbines';
import '../dataCenter.css';

/**
 * /dataHanding/advanceSearch: multi-criteria defect queries over at most 200 turbines (SPEC §9;
 * the server refuses more and runs nothing), and the caller's saved queries.
 */
export function Component() {
  const { t } = useTranslation('dataCenter');
  const locale = useLocale();
  const { message } = App.useApp();
  const { parkId, setParkId, parkOptions, turbineOptions } = useParkTurbines();
  const [form] = Form.useForm<AdvancedCriteriaDto & { name?: string }>();
  const [run, result] = useSearchAdvancedMutation();
  const [criteria, setCriteria] = useState<AdvancedCriteriaDto | null>(null);
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const saved = useSearchSavedQueriesQuery();
  const [save, saving] = useSearchSaveQueryMutation();
  const [remove] = useSearchDeleteQueryMutation();
  const [name, setName] = useState('');
  const selected: string[] = Form.useWatch('turbineIds', form) ?? [];

  const search = (c: AdvancedCriteriaDto, p = { pageIndex: 1, pageSize: page.pageSize }) => {
    setCriteria(c);
    setPage(p);
    void run({ advancedSearchDto: { criteria: c, ...p } });
  };
  const criteriaOf = (v: AdvancedCriteriaDto): AdvancedCriteriaDto => {
    const out: AdvancedCriteriaDto = { turbineIds: v.turbineIds ?? [] };
    for (const k of ['componentType', 'severity', 'defectType', 'viewIndex'] as const) if (v[k]?.length) (out as Record<string, unknown>)[k] = v[k];
    for (const k of ['distanceFrom', 'distanceTo', 'minSize'] as const) if (typeof v[k] === 'number') out[k] = v[k];
    return out;
  };

  return (
    <div className="dc-page" data-testid="page-advanceSearch">
      <Typography.Title level={4}>{t('advanced.title')}</Typography.Title>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Form form={form} layout="vertical" onFinish={(v) => search(criteriaOf(v))}>
          <div className="dc-filters">
            <Form.Item label={t('filters.park')} style={{ minWidth: 220 }}>
              <Select showSearch={{ optionFilterProp: 'label' }} value={parkId} onChange={setParkId} options={parkOptions} aria-label={t('filters.park')} />
            </Form.Item>
            <Form.Item name="turbineIds" label={t('advanced.turbines', { n: selected.length, max: QUERY_MAX_TURBINES })} style={{ minWidth: 320 }} rules={[{ required: true, message: t('advanced.pickTurbines') }]}>
              <Select mode="multiple" allowClear maxTagCount="responsive" showSearch={{ optionFilterProp: 'label' }} options={turbineOptions} aria-label={t('filters.turbine')} />
            </Form.Item>
            <Form.Item label=" ">
              <Button onClick={() => form.setFieldValue('turbineIds', [...new Set([...selected, ...turbineOptions.map((x) => x.value)])])}>{t('advanced.allOfPark')}</Button>
            </Form.Item>
            <Form.Item name="componentType" label={t('filters.component')} style={{ minWidth: 160 }}>
              <Select mode="multiple" allowClear options={componentOptions(locale)} />
            </Form.Item>
            <Form.Item name="severity" label={t('filters.severity')} style={{ minWidth: 160 }}>
              <Select mode="multiple" allowClear options={[0, 1, 2, 3, 4, 5].map((s) => ({ value: s, label: String(s) }))} />
            </Form.Item>
            <Form.Item name="defectType" label={t('filters.type')} style={{ minWidth: 160 }}>
              <Select mode="tags" allowClear />
            </Form.Item>
            <Form.Item name="distanceFrom" label={t('advanced.distanceFrom')}>
              <InputNumber />
            </Form.Item>
            <Form.Item name="distanceTo" label={t('advanced.distanceTo')}>
              <InputNumber />
            </Form.Item>
            <Form.Item name="minSize" label={t('advanced.minSize')}>
              <InputNumber min={0} />
            </Form.Item>
          </div>
          {selected.length > QUERY_MAX_TURBINES && <Alert type="warning" showIcon title={t('advanced.tooMany', { max: QUERY_MAX_TURBINES })} style={{ marginBottom: 8 }} data-testid="dc-too-many-turbines" />}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={result.isLoading} data-testid="dc-advanced-search">
              {t('search.submit')}
            </Button>
            <Input style={{ width: 200 }} placeholder={t('advanced.queryName')} value={name} onChange={(e) => setName(e.target.value)} aria-label={t('advanced.queryName')} />
            <Button
              disabled={!name.trim()}
              loading={saving.isLoading}
              onClick={async () => {
                const v = await form.validateFields();
                const r = await save({ saveQueryDto: { name: name.trim(), criteria: criteriaOf(v) } });
                if ('data' in r) void message.success(t('advanced.saved'));
              }}
            >
              {t('advanced.save')}
            </Button>
          </Space>
          <ErrorAlert error={saving.error} style={{ marginTop: 8 }} />
        </Form>
      </Card>
      <Card size="small" title={t('advanced.savedQueries')} style={{ marginBottom: 12 }}>
        <List
          size="small"
          dataSource={saved.data?.results ?? []}
          locale={{ emptyText: t('advanced.noSaved') }}
          renderItem={(q) => (
            <List.Item
              actions={[
                <Button key="run" size="small" onClick={() => { form.setFieldsValue(q.criteria); search(q.criteria); }}>
                  {t('advanced.run')}
                </Button>,
                <Popconfirm key="del" title={t('advanced.deleteConfirm')} onConfirm={() => void remove({ queryId: q.queryId })}>
                  <Button size="small" danger>
                    {t('advanced.delete')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              {q.name} · {t('advanced.turbinesShort', { n: q.criteria.turbineIds.length })}
            </List.Item>
          )}
        />
      </Card>
      <ErrorAlert error={result.error} testId="dc-advanced-error" style={{ marginBottom: 12 }} />
      <Table<DefectHitView>
        rowKey="defectId"
        size="small"
        loading={result.isLoading}
        dataSource={result.data?.results ?? []}
        pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: result.data?.totalCount ?? 0, onChange: (pageIndex, pageSize) => criteria && search(criteria, { pageIndex, pageSize }) }}
        columns={[
          { key: 'no', dataIndex: 'defectNo', title: t('table.defectNo'), render: (v: string, d) => <Link to={viewDefectLink(d.defectId)}>{v}</Link> },
          { key: 'turbine', dataIndex: 'turbineName', title: t('table.turbine') },
          { key: 'date', dataIndex: 'inspectionDate', title: t('table.date') },
          { key: 'blade', dataIndex: 'bladePosition', title: t('filters.blade') },
          { key: 'side', dataIndex: 'position', title: t('filters.side'), render: (v: number | null) => viewIndexText(v, locale) },
          { key: 'dist', dataIndex: 'distanceToRoot', title: t('table.distance') },
          { key: 'type', dataIndex: 'defectType', title: t('filters.type') },
          { key: 'sev', dataIndex: 'severity', title: t('filters.severity'), render: (v: number | null) => <span className="dc-sev" style={{ background: severityColor(v) }}>{v ?? '—'}</span> },
        ]}
        data-testid="dc-advanced-table"
      />
    </div>
  );
}
