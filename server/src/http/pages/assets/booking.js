// Progressive enhancement of the booking pages (they work the same without it): the error summary
// takes the focus so keyboard and screen-reader users land on it, and on the private lesson page a
// new duration or date brings that day's free times in place. Nothing is reloaded (what was typed
// stays, and the focus with it), and a keyboard user browsing a dropdown with the arrow keys is not
// answered on every key: the times are asked for once the choice has rested for a moment.
(function () {
  'use strict';
  document.documentElement.classList.add('js');
  var form = document.querySelector('[data-enhance="slot-finder"]');
  if (form && window.fetch && window.DOMParser) {
    var timer;
    var asked = 0;
    // Its job is done here; without it, Enter in a field confirms the booking, as in any form.
    var showButton = form.querySelector('[data-enhance-remove]');
    if (showButton) showButton.remove();
    form.addEventListener('change', function (event) {
      if (event.target.id !== 'pricing-choice' && event.target.id !== 'date-choice') return;
      clearTimeout(timer);
      asked += 1;
      timer = setTimeout(showTimes, 400, asked);
    });
    var showTimes = function (ask) {
      var url = new URL(form.action);
      url.searchParams.set('pricing', form.elements.pricing.value);
      if (form.elements.date) url.searchParams.set('date', form.elements.date.value);
      fetch(url, { credentials: 'same-origin' })
        .then(function (response) {
          if (!response.ok) throw new Error('HTTP ' + response.status);
          return response.text();
        })
        .then(function (html) {
          if (ask !== asked) return;
          var fresh = new DOMParser().parseFromString(html, 'text/html');
          var focused = document.activeElement ? document.activeElement.id : '';
          ['date-field', 'start', 'confirm-booking'].forEach(function (id) {
            var current = document.getElementById(id);
            var next = fresh.getElementById(id);
            if (current && next) current.replaceWith(document.importNode(next, true));
          });
          var again = focused && document.getElementById(focused);
          if (again && again !== document.activeElement) again.focus();
          var note = document.getElementById('date-note');
          var legend = document.querySelector('#start legend');
          document.getElementById('slot-status').textContent = [note, legend].filter(Boolean).map(function (element) {
            return element.textContent.trim();
          }).join(' ');
        })
        .catch(function () {
          // Ask the server the way the page does without JavaScript: everything typed is kept.
          if (ask !== asked) return;
          var intent = document.createElement('input');
          intent.type = 'hidden';
          intent.name = 'intent';
          intent.value = 'show-times';
          form.appendChild(intent);
          form.submit();
        });
    };
  }
  var summary = document.getElementById('error-summary');
  if (summary) summary.focus();
})();
