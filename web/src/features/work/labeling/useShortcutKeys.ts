import { useEffect, useRef } from 'react';
import { actionFor, comboOf, fromTextField, IN_FIELD_ACTIONS, type ShortcutAction, type ShortcutMap } from './shortcuts';

/**
 * Runs `onAction` for key presses mapped to an action (window-wide). While typing in a form
 * field only save and cancel are taken; `onAction` returns false to let the key through.
 */
export function useShortcutKeys(map: ShortcutMap, onAction: (action: ShortcutAction, e: KeyboardEvent) => boolean, enabled = true): void {
  const handler = useRef(onAction);
  handler.current = onAction;
  const mapRef = useRef(map);
  mapRef.current = map;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const action = actionFor(mapRef.current, comboOf(e));
      if (!action) return;
      if (fromTextField(e.target) && !IN_FIELD_ACTIONS.has(action)) return;
      if (handler.current(action, e)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
