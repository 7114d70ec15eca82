import { useState } from 'react';
import { Button, Form, Modal, Popconfirm } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useImagesRemoveMutation, useImagesUpdateMutation, type BladeSnapshotView, type InspectionImage } from '../inspectionApi';
import { ImageFieldItems, fromImage, toImageFields, type ImageFormValues } from './ImageFields';
import { Refusal } from './common';

/**
 * Edit (PATCH /images/{id}) and delete (DELETE, refused with IMAGE_HAS_DEFECTS or
 * LAST_IMAGE_CANNOT_BE_DELETED) of the image in the viewer.
 */
export function ImageActions({
  image,
  blades,
  onDeleted,
}: {
  image: InspectionImage;
  blades: readonly BladeSnapshotView[] | undefined;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('inspection');
  const [form] = Form.useForm<ImageFormValues>();
  const [open, setOpen] = useState(false);
  const [update, updating] = useImagesUpdateMutation();
  const [remove, removing] = useImagesRemoveMutation();

  const edit = () => {
    updating.reset();
    form.resetFields();
    form.setFieldsValue(fromImage(image));
    setOpen(true);
  };
  const save = async (v: ImageFormValues) => {
    const r = await update({ imageId: image.imageId, updateImageDto: toImageFields(v) });
    if (!('error' in r)) setOpen(false);
  };
  const del = async () => {
    const r = await remove({ imageId: image.imageId });
    if (!('error' in r)) onDeleted();
  };

  return (
    <>
      <Button size="small" icon={<EditOutlined />} onClick={edit} data-testid="image-edit">
        {t('images.edit')}
      </Button>
      <Popconfirm
        title={t('images.deleteConfirm', { name: image.fileName })}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        onConfirm={() => void del()}
      >
        <Button size="small" danger icon={<DeleteOutlined />} loading={removing.isLoading} data-testid="image-delete">
          {t('images.delete')}
        </Button>
      </Popconfirm>
      {removing.error && (
        <div style={{ flexBasis: '100%' }}>
          <Refusal error={removing.error} testId="image-error" onClose={() => removing.reset()} />
        </div>
      )}
      <Modal
        open={open}
        title={t('images.editTitle', { name: image.fileName })}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        okButtonProps={{ loading: updating.isLoading, 'data-testid': 'image-edit-save' }}
        onCancel={() => setOpen(false)}
        forceRender
        width={640}
      >
        <Form<ImageFormValues> form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="image-edit-form">
          <ImageFieldItems form={form} blades={blades} withActive />
        </Form>
        <Refusal error={updating.error} testId="image-edit-error" />
      </Modal>
    </>
  );
}
