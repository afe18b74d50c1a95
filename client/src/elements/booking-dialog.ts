import { h } from './dom.js';
import type { Strings } from './strings.js';

/**
 * `booking="dialog"`: a Book link opens the hosted booking page in place, in a modal <dialog>
 * that frames it (the page allows framing by the studio's own website only: put the element on
 * that website). The link stays a link: it works without JavaScript, in a new tab (a middle click,
 * Ctrl or Cmd), and where <dialog> is not supported. The dialog is named by the link's text, has a
 * Close button (Escape closes it too, as every modal dialog) and a link to open the page in a new
 * tab, for a page that cannot be framed here. `closed` is called once it has closed, focus back on
 * the link: the visitor may have booked the last spot.
 */
export function openInDialog(link: HTMLAnchorElement, strings: Strings, host: ShadowRoot | HTMLElement, closed: (link: HTMLAnchorElement) => void = () => {}): HTMLAnchorElement {
  link.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (typeof HTMLDialogElement === 'undefined') return;
    event.preventDefault();
    const title = (link.textContent ?? '').trim();
    const dialog = h(
      'dialog',
      { part: 'booking-dialog', 'aria-label': title },
      h(
        'div',
        { part: 'booking-dialog-bar' },
        h('a', { part: 'booking-dialog-new-tab', href: link.href, target: '_blank', rel: 'noopener' }, strings.openInNewTab),
        h('button', { part: 'booking-dialog-close', type: 'button' }, strings.close),
      ),
      h('iframe', { part: 'booking-frame', src: link.href, title }),
    ) as HTMLDialogElement;
    dialog.querySelector('button')?.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      dialog.remove();
      link.focus();
      closed(link);
    });
    host.append(dialog);
    dialog.showModal();
  });
  return link;
}
