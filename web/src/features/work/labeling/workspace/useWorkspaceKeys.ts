import { useCallback, useState } from 'react';
import { loadShortcuts, saveShortcuts, type ShortcutAction, type ShortcutMap } from '../shortcuts';
import { redo, undo } from '../undo';
import { useShortcutKeys } from '../useShortcutKeys';
import type { DraftEditing } from './useDraftEditing';
import type { useImageNavigation } from './useImageNavigation';
import type { useLabelingWrites } from './useLabelingWrites';
import type { Review } from './useReview';

/**
 * The workspace's actions by name, run by the customisable shortcut map and by the toolbar's
 * buttons alike, and the shortcut help (open, remapping).
 */
export function useWorkspaceKeys({
  editing,
  navigation,
  writes,
  review,
}: {
  editing: DraftEditing;
  navigation: ReturnType<typeof useImageNavigation>;
  writes: ReturnType<typeof useLabelingWrites>;
  review: Review;
}) {
  const [shortcuts, setShortcutsState] = useState<ShortcutMap>(() => loadShortcuts());
  const [helpOpen, setHelpOpen] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const { editable, reviewing, draft, dirty, original, selection, drawing, setDrawing, setTool, setHistory, cursor } = editing;
  const { guardDirty, finishDrawing, resetDraft, clearSelection, sealHistory, change } = editing;
  const { stepImage, stepDefect } = navigation;
  const { save, removeSelected, toggleLabeled, applyBulk } = writes;
  const { decide } = review;

  const setShortcuts = useCallback((m: ShortcutMap) => {
    setShortcutsState(m);
    saveShortcuts(m);
  }, []);
  const onAction = (action: ShortcutAction): boolean => {
    switch (action) {
      case 'help':
        setHelpOpen((o) => !o);
        return true;
      case 'nextImage':
        stepImage(1);
        return true;
      case 'previousImage':
        stepImage(-1);
        return true;
      case 'nextDefect':
        stepDefect(1);
        return true;
      case 'previousDefect':
        stepDefect(-1);
        return true;
      case 'accept':
        if (!reviewing) return false;
        decide('accepted');
        return true;
      case 'reject':
        if (!reviewing) return false;
        decide('rejected');
        return true;
      default:
        break;
    }
    if (!editable) return false;
    switch (action) {
      case 'toolSelect':
        setDrawing([]);
        setTool('select');
        return true;
      case 'toolPolygon':
        // A new defect typed before its outline may be drawn now; other unsaved changes come first.
        if (!(draft && !draft.defectId && !draft.polygon) && !guardDirty()) return true;
        setTool('polygon');
        return true;
      case 'save':
        void save();
        return true;
      case 'delete':
        removeSelected();
        return true;
      case 'undo':
        if (drawing.length) setDrawing((d) => d.slice(0, -1));
        else setHistory((h) => undo(h));
        return true;
      case 'redo':
        setHistory((h) => redo(h));
        return true;
      case 'closePolygon':
        if (!drawing.length) return false;
        finishDrawing();
        return true;
      case 'cancel':
        if (drawing.length) {
          setDrawing([]);
          cursor.set(null);
        } else if (dirty) resetDraft(original);
        else if (selection.length || draft) clearSelection();
        else return false;
        return true;
      case 'markLabeled':
        void toggleLabeled();
        return true;
      default: {
        const level = /^severity([0-5])$/.exec(action);
        if (!level) return false;
        const severity = Number(level[1]);
        if (selection.length > 1) void applyBulk({ severity });
        else if (draft) {
          sealHistory();
          change('severity', severity);
          sealHistory();
        } else return false;
        return true;
      }
    }
  };
  useShortcutKeys(shortcuts, onAction, !capturing && !helpOpen);

  return { onAction, shortcuts, setShortcuts, helpOpen, setHelpOpen, setCapturing };
}
