type Child = Node | string | null | undefined | false;
type Props = Record<string, string | number | boolean | null | undefined>;

/**
 * A DOM element with attributes and children. Text goes in as text nodes, never as HTML, so
 * nothing a studio typed can inject markup. `null`, `undefined` and `false` attributes and
 * children are left out.
 */
export function h(tag: string, props: Props | null, ...children: (Child | Child[])[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value !== null && value !== undefined && value !== false) element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) element.append(child);
  }
  return element;
}
