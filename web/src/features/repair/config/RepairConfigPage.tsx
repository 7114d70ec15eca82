import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  useTemplatesCreateMutation,
  useTemplatesListQuery,
  useRepairTemplatesRemoveMutation,
  useTemplatesUpdateMutation,
  type RepairTemplateView,
  type SaveRepairTemplateDto,
} from '../repairApi';
import { LoadFailed, NoAccess, RepairError, sortOf, useRepairGrants } from '../components/common';
import { useSeedText } from '@/shared/useSeedText';

const PAGE_SIZE = 20;

/** Create or edit one template: a name and its ordered steps (the service checks -13001…-13008). */
function TemplateForm({ editing, onDone }: { editing: RepairTemplateView | 'new'; onDone: () => void }) {
  const { t } = useTranslation('repair');
  const [form] = Form.useForm<SaveRepairTemplateDto>();
  const [create, creating] = useTemplatesCreateMutation();
  const [update, updating] = useTemplatesUpdateMutation();
  const state = editing === 'new' ? creating : updating;
  const initial = editing === 'new' ? { name: '', steps: [{ name: '', description: '' }] } : { name: editing.name, steps: editing.steps };
  const submit = async (v: SaveRepairTemplateDto) => {
    const body = { name: v.name ?? '', steps: v.steps ?? [] };
    const r = editing === 'new' ? await create({ saveRepairTemplateDto: body }) : await update({ id: editing.id, saveRepairTemplateDto: body });
    if (!('error' in r)) onDone();
  };
  return (
    <Modal
      open
      title={editing === 'new' ? t('config.newTemplate') : t('config.editTemplate')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onDone}
      confirmLoading={state.isLoading}
      okButtonProps={{ 'data-testid': 'template-save' } as never}
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)} data-testid="template-form">
        <Form.Item name="name" label={t('config.name')}>
          <Input maxLength={100} data-testid="template-name" />
        </Form.Item>
        <Typography.Text strong>{t('config.steps')}</Typography.Text>
        <Form.List name="steps">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Space key={field.key} align="start" style={{ display: 'flex', marginTop: 8 }}>
                  <Form.Item name={[field.name, 'name']} label={`${t('config.stepName')} ${i + 1}`} style={{ marginBottom: 0 }}>
                    <Input maxLength={100} data-testid={`step-name-${i}`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'description']} label={t('config.stepDescription')} style={{ marginBottom: 0, width: 320 }}>
                    <Input.TextArea autoSize maxLength={1000} data-testid={`step-description-${i}`} />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('config.removeStep')}
                    onClick={() => remove(field.name)}
                    style={{ marginTop: 30 }}
                  />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ name: '', description: '' })} style={{ marginTop: 12 }} data-testid="step-add">
                {t('config.addStep')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
      <RepairError error={state.error} testId="template-error" onClose={() => state.reset()} />
    </Modal>
  );
}

/** /configuration/repairConfig: repair-step templates, paged and sorted on the server. */
export function Component() {
  const { t } = useTranslation('repair');
  const st = useSeedText();
  const grants = useRepairGrants();
  const [query, setQuery] = useState<{ pageIndex: number; name?: string; fieldToSort?: string; descending?: boolean }>({ pageIndex: 1 });
  const [editing, setEditing] = useState<RepairTemplateView | 'new' | null>(null);
  const list = useTemplatesListQuery({ ...query, pageSize: PAGE_SIZE }, { skip: !grants.templateShow });
  const [remove, removing] = useRepairTemplatesRemoveMutation();
  if (!grants.templateShow) return <NoAccess testId="page-repairConfig" />;
  return (
    <Card
      data-testid="page-repairConfig"
      title={t('config.title')}
      extra={
        grants.templateEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="template-new">
            {t('config.newTemplate')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('config.subtitle')}</Typography.Paragraph>
      <Input.Search
        allowClear
        aria-label={t('config.search')}
        placeholder={t('config.search')}
        style={{ width: 260, marginBottom: 12 }}
        onSearch={(name) => setQuery((q) => ({ ...q, pageIndex: 1, name: name.trim() || undefined }))}
      />
      {list.error ? <LoadFailed error={list.error} onRetry={() => void list.refetch()} /> : null}
      <RepairError error={removing.error} testId="template-delete-error" onClose={() => removing.reset()} />
      <Table<RepairTemplateView>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        locale={{ emptyText: t('config.none') }}
        pagination={{ current: query.pageIndex, pageSize: PAGE_SIZE, total: list.data?.totalCount ?? 0, showSizeChanger: false }}
        onChange={(p, _f, sorter) => setQuery((q) => ({ ...q, pageIndex: p.current ?? 1, ...sortOf(sorter) }))}
        data-testid="templates-table"
        columns={[
          { key: 'name', dataIndex: 'name', title: t('config.name'), sorter: true, render: (v: string) => st(v) },
          {
            key: 'steps',
            title: t('config.steps'),
            render: (_: unknown, r) => (
              <ol style={{ margin: 0, paddingInlineStart: 18 }}>
                {r.steps.map((s) => (
                  <li key={s.name}>
                    <b>{st(s.name)}</b>: {st(s.description)}
                  </li>
                ))}
              </ol>
            ),
          },
          {
            key: 'inUse',
            title: t('config.inUse'),
            render: (_: unknown, r) => (r.inUse ? <Tag color="blue">{t('config.inUse')}</Tag> : <Tag>{t('config.notInUse')}</Tag>),
          },
          { key: 'updatedAt', dataIndex: 'updatedAt', title: t('config.updatedAt'), sorter: true, render: (v: string) => v.slice(0, 10) },
          ...(grants.templateEdit
            ? [
                {
                  key: 'actions',
                  width: 110,
                  render: (_: unknown, r: RepairTemplateView) => (
                    <Space>
                      <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(r)} data-testid="template-edit" />
                      <Popconfirm
                        title={t('config.deleteConfirm', { name: r.name })}
                        okText={t('common.delete')}
                        cancelText={t('common.cancel')}
                        onConfirm={() => void remove({ id: r.id })}
                      >
                        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} data-testid="template-delete" />
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <TemplateForm editing={editing} onDone={() => setEditing(null)} />}
    </Card>
  );
}
