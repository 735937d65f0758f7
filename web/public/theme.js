// Runs before the page paints (index.html loads it as a blocking script): the account's theme, kept in localStorage
// while signed in, else the system's, so that a dark page never flashes light (web/src/lib/theme.ts keeps it after).
(function () {
  var theme = localStorage.getItem('theme');
  var dark = theme === 'dark' || (theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
