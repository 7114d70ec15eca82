import { useState, type Dispatch, type SetStateAction } from 'react';
import { Button, Image, Space, Typography, Upload } from 'antd';
import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DPR_MAX_PHOTOS } from '@windward/contracts';
import type { ApiError } from '@/core/api/baseQuery';
import { useAuthedObjectUrl } from '@/shared/viewer/authedFetch';
import { Refusal } from '../shared';
import { dprPhotoUrl, uploadDprPhoto } from '../deliveryApi';


function Thumb({ photoId, onRemove }: { photoId: string; onRemove?: () => void }) {
  const { t } = useTranslation('delivery');
  const { src } = useAuthedObjectUrl(dprPhotoUrl(photoId));
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center' }} data-testid="dpr-photo" data-photo-id={photoId}>
      {src ? <Image src={src} width={96} height={72} style={{ objectFit: 'cover' }} alt={t('dpr.photo')} /> : <span style={{ width: 96, height: 72, background: '#f0f0f0' }} />}
      {onRemove && (
        <Button size="small" type="link" icon={<CloseOutlined />} onClick={onRemove} data-testid="dpr-photo-remove">
          {t('dpr.removePhoto')}
        </Button>
      )}
    </span>
  );
}

/**
 * A report's photos (read with the caller's rights); with `onChange` (the list's state setter, so
 * several files picked at once each add to the latest list) photos are added — uploaded at once —
 * and removed.
 */
export function DprPhotos({ photoIds, onChange }: { photoIds: string[]; onChange?: Dispatch<SetStateAction<string[]>> }) {
  const { t } = useTranslation('delivery');
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(0);
  const add = async (file: Blob) => {
    setBusy((n) => n + 1);
    setError(null);
    const r = await uploadDprPhoto(file);
    setBusy((n) => n - 1);
    if (r.ok) onChange?.((ids) => [...ids, r.data.photoId]);
    else setError(r.error);
  };
  return (
    <Space direction="vertical" data-testid="dpr-photos">
      <Space wrap>
        {photoIds.map((id) => (
          <Thumb key={id} photoId={id} onRemove={onChange ? () => onChange((ids) => ids.filter((x) => x !== id)) : undefined} />
        ))}
        {!photoIds.length && !onChange && <Typography.Text type="secondary">{t('dpr.noPhotos')}</Typography.Text>}
      </Space>
      {onChange && (
        <Upload
          accept=".jpg,.jpeg,.png"
          multiple
          showUploadList={false}
          disabled={photoIds.length >= DPR_MAX_PHOTOS}
          beforeUpload={(file) => {
            void add(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy > 0} disabled={photoIds.length >= DPR_MAX_PHOTOS} data-testid="dpr-photo-add">
            {t('dpr.addPhotos', { max: DPR_MAX_PHOTOS })}
          </Button>
        </Upload>
      )}
      <Refusal error={error} testId="dpr-photo-error" />
    </Space>
  );
}
