/**
 * Keyboard shortcuts of the labeling tool: actions, their default keys, the user's own keys
 * (kept in localStorage) and the mapping of a key press to an action.
 * A key combination is written `ctrl+shift+z`, `ArrowRight`, `d`, `?` (ctrl also means ⌘).
 */
export const SHORTCUT_ACTIONS = [
  'toolSelect',
  'toolPolygon',
  'nextImage',
  'previousImage',
  'severity0',
  'severity1',
  'severity2',
  'severity3',
  'severity4',
  'severity5',
  'save',
  'delete',
  'undo',
  'redo',
  'closePolygon',
  'cancel',
  'markLabeled',
  'accept',
  'reject',
  'nextDefect',
  'previousDefect',
  'help',
] as const;
export type ShortcutAction = (typeof SHORTCUT_ACTIONS)[number];
export type ShortcutMap = Record<ShortcutAction, string[]>;

export const DEFAULT_SHORTCUTS: Readonly<ShortcutMap> = {
  toolSelect: ['v'],
  toolPolygon: ['p'],
  nextImage: ['ArrowRight', 'd'],
  previousImage: ['ArrowLeft', 'a'],
  severity0: ['0'],
  severity1: ['1'],
  severity2: ['2'],
  severity3: ['3'],
  severity4: ['4'],
  severity5: ['5'],
  save: ['ctrl+s'],
  delete: ['Delete', 'Backspace'],
  undo: ['ctrl+z'],
  redo: ['ctrl+shift+z', 'ctrl+y'],
  closePolygon: ['Enter'],
  cancel: ['Escape'],
  markLabeled: ['l'],
  accept: ['y'],
  reject: ['n'],
  nextDefect: ['j'],
  previousDefect: ['k'],
  help: ['?'],
};

/** Actions that work while typing in a form field (the rest go to the field). */
export const IN_FIELD_ACTIONS: ReadonlySet<ShortcutAction> = new Set(['save', 'cancel']);

export const SHORTCUTS_STORAGE_KEY = 'labeling.shortcuts';

const MODIFIER_KEYS = new Set(['Control', 'Shift', 'Alt', 'Meta', 'OS']);

/**
 * The combination of a key press. Printable keys are lower-cased and carry shift only with
 * ctrl/alt (the character already tells `?` from `/`); named keys always carry their modifiers.
 * null for a lone modifier.
 */
export function comboOf(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): string | null {
  if (!e.key || MODIFIER_KEYS.has(e.key)) return null;
  const printable = e.key.length === 1;
  const key = printable ? e.key.toLowerCase() : e.key;
  const ctrl = e.ctrlKey || e.metaKey;
  const parts: string[] = [];
  if (ctrl) parts.push('ctrl');
  if (e.altKey) parts.push('alt');
  if (e.shiftKey && (!printable || ctrl || e.altKey)) parts.push('shift');
  parts.push(key === ' ' ? 'Space' : key);
  return parts.join('+');
}

/** Canonical form of a typed combination (`Ctrl+Shift+Z` → `ctrl+shift+z`). */
export function normalizeCombo(combo: string): string {
  const parts = combo
    .split('+')
    .map((p) => p.trim())
    .filter(Boolean);
  const key = parts.pop() ?? '';
  const mods = new Set(parts.map((p) => (p.toLowerCase() === 'meta' || p.toLowerCase() === 'cmd' ? 'ctrl' : p.toLowerCase())));
  const ordered = ['ctrl', 'alt', 'shift'].filter((m) => mods.has(m));
  return [...ordered, key.length === 1 ? key.toLowerCase() : key].join('+');
}

/** The defaults overlaid with the stored keys; unreadable storage gives the defaults. */
export function loadShortcuts(storage: Pick<Storage, 'getItem'> = localStorage): ShortcutMap {
  const map = cloneDefaults();
  try {
    const raw = storage.getItem(SHORTCUTS_STORAGE_KEY);
    const stored = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    for (const action of SHORTCUT_ACTIONS) {
      const keys = stored[action];
      if (Array.isArray(keys) && keys.every((k) => typeof k === 'string' && k.length > 0))
        map[action] = (keys as string[]).map(normalizeCombo);
    }
  } catch {
    // a broken entry falls back to the defaults
  }
  return map;
}

/** Keeps only what differs from the defaults. */
export function saveShortcuts(map: ShortcutMap, storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage): void {
  const changed = Object.fromEntries(
    SHORTCUT_ACTIONS.filter((a) => map[a].join('|') !== DEFAULT_SHORTCUTS[a].join('|')).map((a) => [a, map[a]]),
  );
  if (Object.keys(changed).length) storage.setItem(SHORTCUTS_STORAGE_KEY, JSON.stringify(changed));
  else storage.removeItem(SHORTCUTS_STORAGE_KEY);
}

export function cloneDefaults(): ShortcutMap {
  return Object.fromEntries(SHORTCUT_ACTIONS.map((a) => [a, [...DEFAULT_SHORTCUTS[a]]])) as ShortcutMap;
}

/** Which action a combination triggers (first match in action order), or null. */
export function actionFor(map: ShortcutMap, combo: string | null): ShortcutAction | null {
  if (!combo) return null;
  return SHORTCUT_ACTIONS.find((a) => map[a].includes(combo)) ?? null;
}

/** The other action already using a combination, if any. */
export function conflictOf(map: ShortcutMap, action: ShortcutAction, combo: string): ShortcutAction | null {
  return SHORTCUT_ACTIONS.find((a) => a !== action && map[a].includes(combo)) ?? null;
}

/**
 * Gives an action one new key (replacing its keys). Refused (returns the conflicting action)
 * when another action uses it.
 */
export function assignShortcut(
  map: ShortcutMap,
  action: ShortcutAction,
  combo: string,
): { map: ShortcutMap } | { conflict: ShortcutAction } {
  const c = normalizeCombo(combo);
  const conflict = conflictOf(map, action, c);
  if (conflict) return { conflict };
  return { map: { ...map, [action]: [c] } };
}

/** How a combination reads on a key cap (`ctrl+shift+z` → `Ctrl + Shift + Z`). */
export function comboLabel(combo: string): string {
  const names: Record<string, string> = {
    ctrl: 'Ctrl',
    alt: 'Alt',
    shift: 'Shift',
    ArrowRight: '→',
    ArrowLeft: '←',
    ArrowUp: '↑',
    ArrowDown: '↓',
    Escape: 'Esc',
  };
  return combo
    .split('+')
    .map((p) => names[p] ?? (p.length === 1 ? p.toUpperCase() : p))
    .join(' + ');
}

/** True when the key press comes from a text field (shortcuts other than save/cancel stay out). */
export function fromTextField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  if (el.isContentEditable) return true;
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  if (el.tagName === 'INPUT') {
    const type = (el as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit'].includes(type);
  }
  return false;
}
