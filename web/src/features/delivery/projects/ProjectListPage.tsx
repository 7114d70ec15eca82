import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/core/store';
import { hasRight, Rights } from '@/shared/contracts';
import { isApiError } from '@/core/api/baseQuery';
import type { ProjectView, SaveProjectDto } from '@/core/api/generated/delivery';
import { assetApi, type TurbineView } from '@/core/api/generated/asset';
import { useCustomerOptions } from '@/features/user-center';
import { PROJECT_TYPES, Refusal, SUB_TYPES, sortOf, NoAccess } from '../shared';
import { useProjectsCreateMutation, useProjectsListQuery, useProjectsRemoveMutation, useProjectsStatusMutation, useProjectsUpdateMutation } from '../deliveryApi';

interface FormValues {
  projectName: string;
  subType?: number;
  projectType?: number;
  customerId?: string;
  windFarmIds: string[];
  projectStartTime?: string;
  projectCompleteTime?: string;
  plannedVolume?: number;
  operation?: boolean;
  internalTurbineIds: string[];
  externalTurbineIds: string[];
  affiliatedProjectIds: string[];
}

/** Every turbine of the given parks (asset's all-turbines per park), as select options grouped by park. */
function useParkTurbineOptions(parkIds: string[], parkName: (id: string) => string) {
  const dispatch = useAppDispatch();
  const key = [...parkIds].sort().join(',');
  const [byPark, setByPark] = useState<Array<{ id: string; turbines: TurbineView[] }>>([]);
  useEffect(() => {
    const ids = key ? key.split(',') : [];
    const subs = ids.map((id) => dispatch(assetApi.endpoints.turbinesAll.initiate({ id })));
    let current = true;
    void Promise.all(subs.map((sub) => sub.unwrap().catch(() => [] as TurbineView[]))).then((lists) => {
      if (current) setByPark(ids.map((id, i) => ({ id, turbines: lists[i] ?? [] })));
    });
    return () => {
      current = false;
      subs.forEach((sub) => sub.unsubscribe());
    };
  }, [dispatch, key]);
  return useMemo(
    () => byPark.map(({ id, turbines }) => ({ label: parkName(id), title: parkName(id), options: turbines.map((x) => ({ value: x.turbineId, label: x.turbineName })) })),
    [byPark, parkName],
  );
}

const STATUS_COLOR: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success' };

/** The create/edit form: the sub-type fixes the project type (the server maps and checks it). */
function ProjectForm({ project, onDone }: { project: ProjectView | null; onDone: () => void }) {
  const { t } = useTranslation('delivery');
  const [form] = Form.useForm<FormValues>();
  const customers = useCustomerOptions();
  const customerId = Form.useWatch('customerId', form);
  const plants = assetApi.usePlantsListQuery({ pageSize: 500, fieldToSort: 'windFarmName', descending: false, ...(customerId ? { customerIds: [customerId] } : {}) });
  const parks = useMemo(() => (plants.data?.results ?? []).map((p) => ({ value: p.windFarmId, label: p.windFarmName })), [plants.data]);
  const windFarmIds = Form.useWatch('windFarmIds', form) ?? project?.windFarmIds ?? [];
  const operation = Form.useWatch('operation', form) ?? project?.operation ?? false;
  const names = useMemo(() => new Map([...(project?.windFarms ?? []).map((w) => [w.id, w.name] as const), ...parks.map((p) => [p.value, p.label] as const)]), [project, parks]);
  const parkName = useMemo(() => (id: string) => names.get(id) ?? id.slice(0, 8), [names]);
  const turbineOptions = useParkTurbineOptions(windFarmIds, parkName);
  // O&M affiliations: inspection projects (not O&M) of the caller's scope; the server checks parks (-6003) and links (-6005).
  const candidates = useProjectsListQuery({ pageSize: 500, fieldToSort: 'projectName', descending: false }, { skip: !operation });
  const affiliationOptions = (candidates.data?.results ?? [])
    .filter((p) => !p.operation && p.projectId !== project?.projectId)
    .map((p) => ({ value: p.projectId, label: p.operationProjectId && p.operationProjectId !== project?.projectId ? `${p.projectName} (${t('projects.linkedElsewhere')})` : p.projectName }));
  const [create, created] = useProjectsCreateMutation();
  const [update, updated] = useProjectsUpdateMutation();
  const submit = async (v: FormValues) => {
    const body: SaveProjectDto = {
      projectName: v.projectName,
      windFarmIds: v.windFarmIds ?? [],
      ...(v.subType ? { subType: v.subType as SaveProjectDto['subType'] } : { projectType: v.projectType as SaveProjectDto['projectType'] }),
      ...(v.customerId ? { customerId: v.customerId } : {}),
      ...(v.projectStartTime ? { projectStartTime: v.projectStartTime } : {}),
      ...(v.projectCompleteTime ? { projectCompleteTime: v.projectCompleteTime } : {}),
      ...(v.plannedVolume != null ? { plannedVolume: v.plannedVolume } : {}),
      externalTurbineIds: v.externalTurbineIds ?? [],
      internalTurbineIds: v.internalTurbineIds ?? [],
      ...(project ? {} : { operation: !!v.operation }),
      ...((project?.operation ?? v.operation) ? { affiliatedProjectIds: v.affiliatedProjectIds ?? [] } : {}),
    };
    const r = project ? await update({ id: project.projectId, saveProjectDto: body }) : await create({ saveProjectDto: body });
    if (!('error' in r)) onDone();
  };
  const initial: Partial<FormValues> = project
    ? {
        projectName: project.projectName,
        subType: project.subType ?? undefined,
        projectType: project.projectType,
        customerId: project.customerId ?? undefined,
        windFarmIds: project.windFarmIds,
        projectStartTime: project.projectStartTime?.slice(0, 10),
        projectCompleteTime: project.projectCompleteTime?.slice(0, 10),
        plannedVolume: project.plannedVolume ?? undefined,
        internalTurbineIds: project.internalTurbineIds,
        externalTurbineIds: project.externalTurbineIds,
        affiliatedProjectIds: project.affiliatedProjectIds,
      }
    : { windFarmIds: [], internalTurbineIds: [], externalTurbineIds: [], affiliatedProjectIds: [] };
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)} data-testid="project-form">
      <Form.Item name="projectName" label={t('fields.projectName')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 100 }]}>
        <Input data-testid="project-name" />
      </Form.Item>
      <Form.Item name="subType" label={t('fields.subType')}>
        <Select allowClear data-testid="project-subtype" options={SUB_TYPES.map((s) => ({ value: s, label: t(`subTypes.${s}`) }))} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.subType !== b.subType}>
        {({ getFieldValue }) =>
          !getFieldValue('subType') && (
            <Form.Item name="projectType" label={t('fields.projectType')} rules={[{ required: true, message: t('required') }]}>
              <Select data-testid="project-type" options={PROJECT_TYPES.map((p) => ({ value: p, label: t(`projectTypes.${p}`) }))} />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item name="customerId" label={t('fields.customer')}>
        <Select allowClear showSearch={{ optionFilterProp: 'label' }} loading={customers.loading} options={customers.options} data-testid="project-customer" />
      </Form.Item>
      <Form.Item name="windFarmIds" label={t('fields.windFarms')}>
        <Select mode="multiple" options={parks} data-testid="project-parks" />
      </Form.Item>
      {windFarmIds.length > 0 && (
        <>
          <Form.Item name="externalTurbineIds" label={t('fields.externalTurbines')} extra={t('projects.turbinesHint')}>
            <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} options={turbineOptions} placeholder={t('projects.allTurbines')} data-testid="project-external-turbines" />
          </Form.Item>
          <Form.Item name="internalTurbineIds" label={t('fields.internalTurbines')}>
            <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} options={turbineOptions} placeholder={t('projects.allTurbines')} data-testid="project-internal-turbines" />
          </Form.Item>
        </>
      )}
      {operation && (
        <Form.Item name="affiliatedProjectIds" label={t('fields.affiliatedProjects')} extra={t('projects.affiliatedHint')}>
          <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} loading={candidates.isFetching} options={affiliationOptions} data-testid="project-affiliated" />
        </Form.Item>
      )}
      <Space>
        <Form.Item name="projectStartTime" label={t('fields.start')}>
          <Input type="date" data-testid="project-start" />
        </Form.Item>
        <Form.Item name="projectCompleteTime" label={t('fields.end')}>
          <Input type="date" data-testid="project-end" />
        </Form.Item>
        <Form.Item name="plannedVolume" label={t('fields.plannedVolume')}>
          <InputNumber min={0} data-testid="project-volume" />
        </Form.Item>
      </Space>
      {!project && (
        <Form.Item name="operation" valuePropName="checked">
          <Checkbox data-testid="project-operation">{t('fields.operation')}</Checkbox>
        </Form.Item>
      )}
      <Refusal error={created.error ?? updated.error} />
      <Button type="primary" htmlType="submit" loading={created.isLoading || updated.isLoading} data-testid="project-save" style={{ marginTop: 12 }}>
        {t('save')}
      </Button>
    </Form>
  );
}

/**
 * Project Center (SPEC §2 /projectCenter/projectList): projects in the caller's scope, paged and
 * sorted on the server; create, edit, start, complete (O&M: forced close after -6006) and delete.
 */
export function Component() {
  const { t } = useTranslation('delivery');
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const show = hasRight(denied, Rights.PROJECT_CENTER_SHOW) || hasRight(denied, Rights.OPERATION_PROJECT_SHOW);
  const edit = hasRight(denied, Rights.PROJECT_CENTER_EDIT) || hasRight(denied, Rights.OPERATION_PROJECT_EDIT);
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20, fieldToSort: 'projectUpdatedTime', descending: true });
  const [status, setStatus] = useState<number | undefined>();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<ProjectView | null | undefined>(undefined);
  const list = useProjectsListQuery({ ...page, ...(status ? { projectStatusType: status as 1 | 2 | 3 } : {}), ...(name ? { projectName: name } : {}) }, { skip: !show });
  const [remove, removed] = useProjectsRemoveMutation();
  const [changeStatus, changed] = useProjectsStatusMutation();
  const needsForce = isApiError(changed.error) && (changed.error.data as { code?: number } | undefined)?.code === -6006;
  const [forceId, setForceId] = useState<string | null>(null);

  if (!show) return <NoAccess page="projectList" />;
  const act = async (p: ProjectView, to: 2 | 3, force = false) => {
    removed.reset();
    setForceId(p.projectId);
    await changeStatus({ id: p.projectId, projectStatusDto: { projectStatusType: to, ...(force ? { force } : {}) } });
  };
  return (
    <div data-testid="page-projectList" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('projects.title')}
      </Typography.Title>
      <Space wrap>
        <Input.Search placeholder={t('projects.search')} aria-label={t('projects.search')} allowClear onSearch={(v) => setName(v.trim())} style={{ width: 240 }} data-testid="project-search" />
        <Select
          allowClear
          placeholder={t('fields.status')}
          style={{ width: 160 }}
          value={status}
          onChange={(v: number | undefined) => setStatus(v)}
          options={[1, 2, 3].map((s) => ({ value: s, label: t(`status.${s}`) }))}
          aria-label={t('fields.status')}
          data-testid="project-status-filter"
        />
        {edit && (
          <Button icon={<PlusOutlined />} type="primary" onClick={() => setEditing(null)} data-testid="project-new">
            {t('projects.new')}
          </Button>
        )}
      </Space>
      <Refusal error={removed.error ?? changed.error} testId="project-list-error" />
      {needsForce && forceId && (
        <Button danger data-testid="project-force" onClick={() => void act(list.data!.results.find((p) => p.projectId === forceId)!, 3, true)}>
          {t('projects.forceClose')}
        </Button>
      )}
      <Table<ProjectView>
        rowKey="projectId"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        data-testid="project-table"
        pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: list.data?.totalCount ?? 0 }}
        onChange={(p, _f, sorter) => setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 20, ...sortOf(sorter, 'projectUpdatedTime') })}
        columns={[
          { title: t('fields.projectName'), dataIndex: 'projectName', sorter: true },
          { title: t('fields.projectType'), dataIndex: 'projectType', render: (v: number, p) => <>{t(`projectTypes.${v}`)}{p.operation && <Tag style={{ marginLeft: 6 }}>{t('fields.operation')}</Tag>}</> },
          { title: t('fields.customer'), dataIndex: 'customerName' },
          { title: t('fields.windFarms'), dataIndex: 'windFarmName' },
          { title: t('fields.campaigns'), render: (_: unknown, p) => `${p.completedCount} / ${p.processingCount}` },
          { title: t('fields.start'), dataIndex: 'projectStartTime', sorter: true, render: (v: string | null) => v?.slice(0, 10) ?? '' },
          { title: t('fields.status'), dataIndex: 'projectStatusType', sorter: true, render: (v: number) => <Tag color={STATUS_COLOR[v]}>{t(`status.${v}`)}</Tag> },
          ...(edit
            ? [
                {
                  title: t('actions'),
                  render: (_: unknown, p: ProjectView) => (
                    <Space size="small">
                      <Button size="small" onClick={() => setEditing(p)} data-testid="project-edit">
                        {t('edit')}
                      </Button>
                      {p.projectStatusType === 1 && (
                        <Button size="small" onClick={() => void act(p, 2)} data-testid="project-start">
                          {t('projects.start')}
                        </Button>
                      )}
                      {p.projectStatusType === 2 && (
                        <Button size="small" onClick={() => void act(p, 3)} data-testid="project-complete">
                          {t('projects.complete')}
                        </Button>
                      )}
                      <Popconfirm title={t('confirmDelete')} okText={t('delete')} cancelText={t('cancel')} onConfirm={() => void remove({ id: p.projectId })}>
                        <Button size="small" danger data-testid="project-delete">
                          {t('delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal open={editing !== undefined} title={editing ? t('projects.edit') : t('projects.new')} footer={null} destroyOnHidden onCancel={() => setEditing(undefined)}>
        {editing !== undefined && <ProjectForm project={editing} onDone={() => setEditing(undefined)} />}
      </Modal>
    </div>
  );
}
