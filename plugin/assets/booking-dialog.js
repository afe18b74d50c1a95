/**
 * The Book button's dialog: a link marked data-studio-data-dialog opens the hosted booking page in
 * place, in a modal <dialog> framing it (the hosted pages allow framing by the studio's own website
 * only). The link stays a link: without JavaScript, with a modifier key (a new tab), or where
 * <dialog> is missing, it opens the page as it always did. Escape or Close ends the dialog and the
 * focus goes back to the button; a link in the dialog opens the page in a new tab instead.
 */
( function () {
	'use strict';
	if ( typeof HTMLDialogElement === 'undefined' ) {
		return;
	}
	document.addEventListener( 'click', function ( event ) {
		var link = event.target instanceof Element ? event.target.closest( 'a[data-studio-data-dialog]' ) : null;
		if ( ! link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey ) {
			return;
		}
		event.preventDefault();
		var dialog = document.createElement( 'dialog' );
		dialog.className = 'studio-data-dialog';
		dialog.setAttribute( 'aria-label', link.textContent.trim() );
		var bar = document.createElement( 'div' );
		bar.className = 'studio-data-dialog__bar';
		var newTab = document.createElement( 'a' );
		newTab.href = link.href;
		newTab.target = '_blank';
		newTab.rel = 'noopener';
		newTab.textContent = link.textContent.trim() + ' ↗';
		var close = document.createElement( 'button' );
		close.type = 'button';
		close.className = 'studio-data-dialog__close';
		close.textContent = link.getAttribute( 'data-studio-data-dialog' ) || 'Close';
		close.addEventListener( 'click', function () {
			dialog.close();
		} );
		var frame = document.createElement( 'iframe' );
		frame.className = 'studio-data-dialog__frame';
		frame.src = link.href;
		frame.title = link.textContent.trim();
		bar.append( newTab, close );
		dialog.append( bar, frame );
		dialog.addEventListener( 'close', function () {
			dialog.remove();
			link.focus();
		} );
		document.body.append( dialog );
		dialog.showModal();
	} );
} )();
