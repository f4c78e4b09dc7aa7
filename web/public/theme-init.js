// Sets the theme on <html> before the page is painted, so a dark-mode visitor never sees a white
// flash (issue #14, docs/decisions/0110-theming.md). Loaded as a classic, render-blocking script
// from our own origin: the CSP (script-src 'self') allows it, no inline script or hash needed.
// Keep in step with web/src/lib/theme.ts (same storage key, same rule); theme.test.ts runs both.
/* global window, document */
(function () {
  var KEY = 'larkspur-theme';
  var root = document.documentElement;
  var query = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function chosen() {
    try {
      var value = window.localStorage.getItem(KEY);
      return value === 'light' || value === 'dark' ? value : 'system';
    } catch {
      return 'system'; // storage blocked: follow the system
    }
  }
  function apply() {
    var choice = chosen();
    root.setAttribute(
      'data-theme',
      choice === 'system' ? (query && query.matches ? 'dark' : 'light') : choice,
    );
  }
  apply();
  // Before the app has loaded (prerendered pages start it late), a system change is followed too.
  if (query && query.addEventListener) query.addEventListener('change', apply);
})();
