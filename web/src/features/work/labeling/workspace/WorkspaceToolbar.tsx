import { Button, Space, Tooltip, Typography } from 'antd';
import {
  AimOutlined,
  CheckSquareOutlined,
  DragOutlined,
  LeftOutlined,
  QuestionOutlined,
  RedoOutlined,
  RightOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ShortcutAction } from '../shortcuts';
import { canRedo, canUndo } from '../undo';
import type { DraftEditing } from './useDraftEditing';
import type { WorkspaceData } from './useWorkspaceData';

/** Tools, undo/redo, the image's "labeled" mark, image stepping and the shortcut help. */
export function WorkspaceToolbar({
  data,
  editing,
  onAction,
  onStepImage,
  onToggleLabeled,
  onHelp,
}: {
  data: WorkspaceData;
  editing: DraftEditing;
  onAction: (action: ShortcutAction) => boolean;
  onStepImage: (delta: number) => void;
  onToggleLabeled: () => Promise<void>;
  onHelp: () => void;
}) {
  const { t } = useTranslation('labeling');
  const { images, index, current, imageStatus } = data;
  const { editable, tool, drawing, history } = editing;
  return (
    <div className="lbl-toolbar" data-testid="labeling-toolbar">
      <Space size={4}>
        {editable && (
          <>
            <Tooltip title={t('actions.toolSelect')}>
              <Button
                icon={<DragOutlined />}
                type={tool === 'select' ? 'primary' : 'default'}
                onClick={() => onAction('toolSelect')}
                data-testid="tool-select"
                aria-pressed={tool === 'select'}
              />
            </Tooltip>
            <Tooltip title={t('actions.toolPolygon')}>
              <Button
                icon={<AimOutlined />}
                type={tool === 'polygon' ? 'primary' : 'default'}
                onClick={() => onAction('toolPolygon')}
                data-testid="tool-polygon"
                aria-pressed={tool === 'polygon'}
              />
            </Tooltip>
            <Tooltip title={t('actions.undo')}>
              <Button
                icon={<UndoOutlined />}
                disabled={!drawing.length && !canUndo(history)}
                onClick={() => onAction('undo')}
                data-testid="undo"
              />
            </Tooltip>
            <Tooltip title={t('actions.redo')}>
              <Button icon={<RedoOutlined />} disabled={!canRedo(history)} onClick={() => onAction('redo')} data-testid="redo" />
            </Tooltip>
            <Button
              icon={<CheckSquareOutlined />}
              type={imageStatus?.labeled ? 'primary' : 'default'}
              onClick={() => void onToggleLabeled()}
              data-testid="mark-labeled"
              aria-pressed={!!imageStatus?.labeled}
            >
              {imageStatus?.labeled ? t('toolbar.labeled') : t('toolbar.markLabeled')}
            </Button>
          </>
        )}
        <Button
          icon={<LeftOutlined />}
          onClick={() => onStepImage(-1)}
          disabled={index === 0}
          aria-label={t('actions.previousImage')}
          data-testid="previous-image"
        />
        <Typography.Text data-testid="image-position">
          {t('toolbar.position', { index: index + 1, count: images.length })} · {current?.fileName}
        </Typography.Text>
        <Button
          icon={<RightOutlined />}
          onClick={() => onStepImage(1)}
          disabled={index >= images.length - 1}
          aria-label={t('actions.nextImage')}
          data-testid="next-image"
        />
        <Tooltip title={t('actions.help')}>
          <Button icon={<QuestionOutlined />} onClick={onHelp} data-testid="open-help" />
        </Tooltip>
      </Space>
    </div>
  );
}
