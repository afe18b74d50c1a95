// Progressive enhancement of the booking pages (they work the same without it): the error summary
// takes the focus so keyboard and screen-reader users land on it, and on the private lesson page
// changing the duration or the date shows that day's free times at once (no "Show" button needed).
(function () {
  'use strict';
  document.documentElement.classList.add('js');
  var finder = document.querySelector('[data-enhance="slot-finder"]');
  if (finder) {
    finder.addEventListener('change', function (event) {
      if (event.target && event.target.tagName === 'SELECT') {
        var id = event.target.id;
        finder.action = finder.action.split('#')[0] + '#' + id;
        finder.submit();
      }
    });
    // After such a reload, put the keyboard focus back where the student was.
    if (location.hash === '#pricing-choice' || location.hash === '#date-choice') {
      var control = document.getElementById(location.hash.slice(1));
      if (control) control.focus();
    }
  }
  var summary = document.getElementById('error-summary');
  if (summary) summary.focus();
})();
