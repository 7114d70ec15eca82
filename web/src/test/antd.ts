import { fireEvent, waitFor } from '@testing-library/react';

/**
 * Waits for the open antd dropdown's option with exactly this text and returns it. It throws
 * until the option is there: a waitFor callback that returns undefined passes at once, and on a
 * busy machine the option is not rendered yet.
 */
export function findOption(option: string | ((text: string) => boolean)): Promise<HTMLElement> {
  const matches = typeof option === 'string' ? (t: string) => t === option : option;
  return waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((e) => matches(e.textContent ?? ''));
    if (!found) throw new Error(`no option ${String(option)}`);
    return found;
  });
}

/** Opens an antd select (the `.ant-select` element or anything inside it) and clicks an option. */
export async function pickOption(select: Element, option: string | ((text: string) => boolean)): Promise<void> {
  const root = select.closest('.ant-select') ?? select;
  fireEvent.mouseDown(root.querySelector('.ant-select-selector') ?? root);
  fireEvent.click(await findOption(option));
}

/** Waits for an element matched by a CSS selector (throws until it is there). */
export function findSelector<E extends Element = HTMLElement>(selector: string, root: ParentNode = document): Promise<E> {
  return waitFor(() => {
    const found = root.querySelector<E>(selector);
    if (!found) throw new Error(`no element ${selector}`);
    return found;
  });
}
