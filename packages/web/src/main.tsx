import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { configureApi } from './app/api';
import { loadConfig } from './app/config';
import { notifyFailure } from './app/notify';
import { Providers } from './app/Providers';
import { AUTH_PATH, authPathFrom } from './app/redirect';
import { appRoutes } from './app/routes';
import { createSessionStore, loadUserInfo } from './app/session';
import { i18nReady } from './i18n';

/**
 * Start-up: configuration and the chosen language's strings, then the session, then mount,
 * whichever of the first two fails.
 */
async function start() {
  const [config] = await Promise.all([loadConfig(), i18nReady]);
  const store = createSessionStore();
  const router = createBrowserRouter(appRoutes());
  configureApi(config.apiBase, {
    onUnauthorized: () => {
      store.set(null);
      const { pathname, search } = router.state.location;
      // A wrong password on /auth is answered there, not by a redirect.
      if (pathname !== AUTH_PATH) router.navigate(authPathFrom(pathname + search), { replace: true });
    },
    onError: notifyFailure,
  });
  store.set(await loadUserInfo());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers config={config} store={store}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

start();
