/* global self */
// Fã Clube's service worker (issue 35): shows the Web Push notifications the API sends (a new
// post, a tip, a subscription ending) and opens their page on click. Registered only when the
// person turns notifications on ('Ativar notificações'); it caches nothing.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Fã Clube';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      lang: 'pt-BR',
      data: { url: typeof data.url === 'string' ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // only a page of this site: anything else opens the home page
  let url = new URL('/', self.location.origin);
  try {
    const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
    if (target.origin === self.location.origin) url = target;
  } catch {
    /* the home page */
  }
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) if (w.url === url.href && 'focus' in w) return w.focus();
      return self.clients.openWindow(url.href);
    }),
  );
});
